import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ListType } from '../../../shared/api-types.js';
import { TOUCHES_PER_ROW_MAX, type MailParty, type Touch, type TouchKind } from '../../../shared/capture.js';
import { addDays } from '../../../shared/days.js';
import type { PipelineStage } from '../../../shared/pipeline.js';
import type { Person, RowChanges } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { rowTouches } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import type { ActivityRecord, ChangeLog } from '../lists/change-log.js';
import { localDay } from './days.js';
import { PIPELINE_TABLES, personJson } from './pipeline-columns.js';

export interface NewTouch {
  kind: TouchKind;
  subject: string;
  body: string;
  shared: boolean;
  participants: MailParty[];
  match: 'exact' | 'likely' | null;
  messageId: string | null;
  mailId: number | null;
  happenedAt: Date;
  answered: boolean;
}

export const touchColumns = {
  id: rowTouches.id,
  user_id: rowTouches.user_id,
  kind: rowTouches.kind,
  subject: rowTouches.subject,
  body: rowTouches.body,
  shared: rowTouches.shared,
  participants: rowTouches.participants,
  match: rowTouches.match,
  happened_at: rowTouches.happened_at,
  author: personJson(rowTouches.user_id),
};

export interface TouchRow {
  id: number;
  user_id: number | null;
  kind: TouchKind;
  subject: string;
  body: string;
  shared: boolean;
  participants: MailParty[];
  match: 'exact' | 'likely' | null;
  happened_at: Date;
  author: Person | null;
}

/** A touch as `viewerId` may read it: its text only to its author, or to every member once shared. */
export function toTouch(row: TouchRow, viewerId: number): Touch {
  const readable = row.shared || row.user_id === viewerId;
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    body: readable ? row.body : null,
    shared: row.shared,
    participants: row.participants,
    match: row.match,
    happened_at: row.happened_at.toISOString(),
    author: row.author,
  };
}

/** What every member may read of a touch (its text only when shared): what the touch-added event carries. */
export function touchForMembers(touch: Touch): Touch {
  return { ...touch, body: touch.shared ? touch.body : null };
}

/** The touches of one row of a list. */
export function touchesOfRow(row: { kind: ListType; listId: number; itemId: number }): SQL {
  const item = row.kind === 'investor' ? eq(rowTouches.investor_id, row.itemId) : eq(rowTouches.fund_id, row.itemId);
  return and(eq(rowTouches.list_id, row.listId), item)!;
}

/**
 * Inside the list's change transaction (changeList(writer, {userId, listId}, 'edit', (tx, access, log) => …)):
 * inserts the row_touches row (ON CONFLICT on the message id → returns null, nothing else done), logs activity
 * 'touch_added' and events 'touch-added' + 'row-changed', sets last_contacted_at (the later of old and
 * happenedAt), answered_at when answered, a Lead moved to Contacted (never backwards; stage activity logged as a
 * stage change too), and a follow-up `followUpDays` after happenedAt when the row has none (null: none).
 *
 * A happenedAt in the future is taken as now. The row's link is locked first, so touches of one row are added one
 * at a time (the message id checked, the count kept). A row holding TOUCHES_PER_ROW_MAX is a 422; a row not on
 * the list a 404. A stage or follow-up changed (by hand) after the touch happened is left as it is: the later
 * change wins, as in patchRow.
 */
export async function addTouch(
  tx: Db,
  log: ChangeLog,
  row: { kind: ListType; listId: number; itemId: number },
  authorId: number,
  touch: NewTouch,
  followUpDays: number | null,
): Promise<Touch | null> {
  const table = PIPELINE_TABLES[row.kind];
  const { link } = table;
  const onRow = and(eq(table.listId, row.listId), eq(table.itemId, row.itemId))!;
  const [old] = await tx
    .select({
      stage: link.stage,
      stage_changed_at: link.stage_changed_at,
      follow_up_on: link.follow_up_on,
      follow_up_changed_at: link.follow_up_changed_at,
      amount_changed_at: link.amount_changed_at,
      last_contacted_at: link.last_contacted_at,
      answered_at: link.answered_at,
    })
    .from(link)
    .where(onRow)
    .for('update');
  if (!old) throw new HttpError(404, `${row.kind === 'investor' ? 'Investor' : 'Fund'} ${row.itemId} is not in this list`);

  const ofRow = touchesOfRow(row);
  if (touch.messageId !== null) {
    // Fund rows have no unique index on the message id (it names an investor's row): the row lock makes this check hold.
    const [seen] = await tx
      .select({ one: sql`1` })
      .from(rowTouches)
      .where(and(ofRow, eq(rowTouches.message_id, touch.messageId)));
    if (seen) return null;
  }
  const [{ held }] = await tx.select({ held: sql<number>`count(*)::int` }).from(rowTouches).where(ofRow);
  if (held >= TOUCHES_PER_ROW_MAX) {
    throw new HttpError(422, `A row can hold at most ${TOUCHES_PER_ROW_MAX.toLocaleString('en-US')} touches: delete one to add another`);
  }

  const now = new Date();
  const at = touch.happenedAt.getTime() > now.getTime() ? now : touch.happenedAt;
  const item = row.kind === 'investor' ? { investor_id: row.itemId } : { fund_id: row.itemId };
  const [inserted] = await tx
    .insert(rowTouches)
    .values({
      list_id: row.listId,
      ...item,
      user_id: authorId,
      kind: touch.kind,
      subject: touch.subject,
      body: touch.body,
      shared: touch.shared,
      participants: touch.participants,
      match: touch.match,
      message_id: touch.messageId,
      mail_id: touch.mailId,
      happened_at: at,
    })
    .onConflictDoNothing()
    .returning({ id: rowTouches.id });
  if (!inserted) return null;
  const [stored] = await tx.select(touchColumns).from(rowTouches).where(eq(rowTouches.id, inserted.id));
  const added = toTouch(stored, authorId);

  const set: Record<string, unknown> = {};
  const changes: RowChanges = {};
  const activity: ActivityRecord[] = [
    { kind: row.kind, itemId: row.itemId, action: 'touch_added', detail: { touch: { id: added.id, kind: added.kind, subject: added.subject } } },
  ];
  const later = (time: Date | null) => time === null || time.getTime() <= at.getTime();
  if (old.last_contacted_at === null || old.last_contacted_at.getTime() < at.getTime()) {
    set.last_contacted_at = at;
    changes.last_contacted_at = { from: old.last_contacted_at?.toISOString() ?? null, to: at.toISOString() };
  }
  if (touch.answered && (old.answered_at === null || old.answered_at.getTime() < at.getTime())) {
    set.answered_at = at;
    changes.answered_at = { from: old.answered_at?.toISOString() ?? null, to: at.toISOString() };
  }
  if (old.stage === 'lead' && later(old.stage_changed_at)) {
    const to: PipelineStage = 'contacted';
    set.stage = to;
    set.stage_changed_at = at;
    changes.stage = { from: 'lead', to };
    activity.push({ kind: row.kind, itemId: row.itemId, action: 'stage', detail: { from: 'lead', to } });
  }
  if (followUpDays !== null && old.follow_up_on === null && later(old.follow_up_changed_at)) {
    const to = addDays(localDay(at), followUpDays);
    set.follow_up_on = to;
    set.follow_up_changed_at = at;
    changes.follow_up_on = { from: null, to };
    activity.push({ kind: row.kind, itemId: row.itemId, action: 'follow_up', detail: { from: null, to } });
  }
  if (set.stage !== undefined || set.follow_up_on !== undefined) {
    const latest = Math.max(0, ...[old.stage_changed_at, old.follow_up_changed_at, old.amount_changed_at].map((time) => time?.getTime() ?? 0));
    if (at.getTime() >= latest) set.updated_by = authorId;
  }
  if (Object.keys(set).length > 0) await tx.update(link).set(set).where(onRow);

  await log.activity(activity);
  await log.events([
    { type: 'touch-added', data: { kind: row.kind, item_id: row.itemId, touch: touchForMembers(added) } },
    ...(Object.keys(changes).length > 0 ? [{ type: 'row-changed' as const, data: { kind: row.kind, item_id: row.itemId, changes } }] : []),
  ]);
  return added;
}
