import { eq, sql, type SQL } from 'drizzle-orm';
import { listEvents, rowTouches } from '../../db/schema.js';
import type { StoredAnswer } from '../../plugins/idempotency.js';

/** The touch-added events of one touch of a list (its sharing changed: they go, and a new one says it anew). */
export function touchEvents(listId: number, touchId: number): SQL[] {
  return [eq(listEvents.list_id, listId), eq(listEvents.type, 'touch-added'), sql`${listEvents.data}->'touch'->>'id' = ${String(touchId)}`];
}

type TouchAnswer = { id: number; body: string | null };

/** The touch in an answer: the answer itself (a touch logged or shared), or its `touch` (a mail assigned from the inbox). */
function touchIn(answer: unknown): TouchAnswer | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const value = answer as Record<string, unknown>;
  if (typeof value.id === 'number' && 'body' in value && 'kind' in value) return value as TouchAnswer;
  return 'touch' in value ? touchIn(value.touch) : null;
}

/**
 * A stored answer (idempotency.ts) keeps no touch's text: a replay reads it again, so a touch deleted since is
 * answered with no text.
 */
export const withoutTouchTexts: StoredAnswer = {
  keep(answer) {
    const touch = touchIn(answer);
    if (touch) touch.body = null;
    return answer;
  },
  async answer(stored, db) {
    const touch = touchIn(stored);
    if (!touch) return stored;
    const [row] = await db
      .select({ body: rowTouches.body })
      .from(rowTouches)
      .where(eq(rowTouches.id, touch.id));
    touch.body = row?.body ?? '';
    return stored;
  },
};
