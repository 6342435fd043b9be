import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ListType } from '../../../shared/api-types.js';
import type { Db } from '../../db/client.js';
import { listActivity, listEvents, rowTouches } from '../../db/schema.js';
import type { StoredAnswer } from '../../plugins/idempotency.js';

/** Which deleted touches: one touch, every touch of a row, or (without kind and item) every touch of the list. */
export interface DeletedTouches {
  listId: number;
  kind?: ListType;
  itemId?: number;
  touchId?: number;
}

/**
 * A deleted touch's text is gone from everywhere it was written beside it, as a note's is (note-texts.ts): its
 * touch_added activity keeps who and when but no longer what (its subject), and its touch-added events leave the
 * events a stream resumes from. Run in the transaction that deletes the touches.
 */
export async function forgetTouchTexts(tx: Db, touches: DeletedTouches): Promise<void> {
  const { listId, kind, itemId, touchId } = touches;
  const activityOf: SQL[] = [eq(listActivity.list_id, listId), eq(listActivity.action, 'touch_added')];
  const eventsOf: SQL[] = [eq(listEvents.list_id, listId), eq(listEvents.type, 'touch-added')];
  if (kind !== undefined && itemId !== undefined) {
    activityOf.push(eq(listActivity.item_kind, kind), eq(listActivity.item_id, itemId));
    eventsOf.push(sql`${listEvents.data}->>'kind' = ${kind}`, sql`${listEvents.data}->>'item_id' = ${String(itemId)}`);
  }
  if (touchId !== undefined) {
    activityOf.push(sql`${listActivity.detail}->'touch'->>'id' = ${String(touchId)}`);
    eventsOf.push(sql`${listEvents.data}->'touch'->>'id' = ${String(touchId)}`);
  }
  await tx.update(listActivity).set({ detail: {} }).where(and(...activityOf));
  await tx.delete(listEvents).where(and(...eventsOf));
}

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
