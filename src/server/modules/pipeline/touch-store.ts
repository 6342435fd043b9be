import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListType } from '../../../shared/api-types.js';
import { CAPTURE_MESSAGES, TOUCHES_PER_ROW_MAX, type Touch, type TouchKind } from '../../../shared/capture.js';
import { addDays } from '../../../shared/days.js';
import type { PipelineStage } from '../../../shared/pipeline.js';
import type { Person, RowChanges } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { listEvents, rowTouches, users } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import type { ActivityRecord, ChangeLog, EventRecord } from '../lists/change-log.js';
import { changeList, type ListWriter } from '../lists/list-change.js';
import { sinceJoined } from '../lists/since-joined.js';
import { localDay } from './days.js';
import { PIPELINE_TABLES, personJson } from './pipeline-columns.js';
import { assertRowOnList, rowTable, type RowRef } from './row-store.js';
import { forgetEntryTexts } from './entry-texts.js';
import { touchEvents } from './touch-texts.js';

type StoredTouch = typeof rowTouches.$inferSelect;
/** What a touch holds, as its row stores it. */
type TouchContent = Pick<StoredTouch, 'kind' | 'subject' | 'body' | 'shared' | 'participants' | 'match'>;

export interface NewTouch extends TouchContent {
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

/** A touch as touchColumns read it. */
export interface TouchRow extends TouchContent, Pick<StoredTouch, 'id' | 'user_id' | 'happened_at'> {
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

/** A row a touch goes on, and whom of a captured mail it was matched by (null for a touch logged by hand). */
export interface TouchTarget {
  itemId: number;
  match: TouchContent['match'];
}

/** What addTouches did: the touches added (a row that had the message id already gets none), and rows not on the list. */
export interface TouchesAdded {
  added: Array<{ itemId: number; touch: Touch }>;
  missing: number[];
}

/** What a row's pipeline was before a touch: what touchOnRow decides from. */
export interface RowBeforeTouch {
  stage: PipelineStage;
  stage_changed_at: Date | null;
  follow_up_on: string | null;
  follow_up_changed_at: Date | null;
  amount_changed_at: Date | null;
  last_contacted_at: Date | null;
  answered_at: Date | null;
}

/** When a touch that happened at `happenedAt` counts from: a time in the future is taken as now. */
export const touchTime = (happenedAt: Date, now = new Date()) => (happenedAt.getTime() > now.getTime() ? now : happenedAt);

/**
 * What a touch added at `at` (touchTime) does to its row as it was: the row's new values (`set`: its last contacted,
 * answered, a Lead moved to Contacted, a follow-up `followUpDays` out when it has none), and the activity and events
 * that say so. A stage or follow-up changed after the touch happened is left as it is.
 */
export function touchOnRow(
  kind: ListType,
  itemId: number,
  old: RowBeforeTouch,
  touchAdded: Touch,
  { at, answered, followUpDays, authorId }: { at: Date; answered: boolean; followUpDays: number | null; authorId: number },
): { set: Record<string, unknown>; activity: ActivityRecord[]; events: EventRecord[] } {
  const later = (time: Date | null) => time === null || time.getTime() <= at.getTime();
  const set: Record<string, unknown> = {};
  const changes: RowChanges = {};
  const activity: ActivityRecord[] = [
    { kind, itemId, action: 'touch_added', detail: { touch: { id: touchAdded.id, kind: touchAdded.kind, subject: touchAdded.subject } } },
  ];
  if (old.last_contacted_at === null || old.last_contacted_at.getTime() < at.getTime()) {
    set.last_contacted_at = at;
    changes.last_contacted_at = { from: old.last_contacted_at?.toISOString() ?? null, to: at.toISOString() };
  }
  if (answered && (old.answered_at === null || old.answered_at.getTime() < at.getTime())) {
    set.answered_at = at;
    changes.answered_at = { from: old.answered_at?.toISOString() ?? null, to: at.toISOString() };
  }
  if (old.stage === 'lead' && later(old.stage_changed_at)) {
    const to: PipelineStage = 'contacted';
    set.stage = to;
    set.stage_changed_at = at;
    changes.stage = { from: 'lead', to };
    activity.push({ kind, itemId, action: 'stage', detail: { from: 'lead', to } });
  }
  if (followUpDays !== null && old.follow_up_on === null && later(old.follow_up_changed_at)) {
    const to = addDays(localDay(at), followUpDays);
    set.follow_up_on = to;
    set.follow_up_changed_at = at;
    changes.follow_up_on = { from: null, to };
    activity.push({ kind, itemId, action: 'follow_up', detail: { from: null, to } });
  }
  if (set.stage !== undefined || set.follow_up_on !== undefined) {
    const latest = Math.max(0, ...[old.stage_changed_at, old.follow_up_changed_at, old.amount_changed_at].map((time) => time?.getTime() ?? 0));
    if (at.getTime() >= latest) set.updated_by = authorId;
  }
  const events: EventRecord[] = [{ type: 'touch-added', data: { kind, item_id: itemId, touch: touchForMembers(touchAdded) } }];
  if (Object.keys(changes).length > 0) events.push({ type: 'row-changed', data: { kind, item_id: itemId, changes } });
  return { set, activity, events };
}

/**
 * Inside the list's change transaction (changeList(writer, {userId, listId}, 'edit', (tx, access, log) => …)):
 * adds one touch to each of `targets`' rows of the list, in a few statements for all of them (a mail on many rows
 * costs about what it costs on one). For each row: its row_touches row (none when the row holds the message id
 * already, by an earlier copy of the mail), activity 'touch_added' and events 'touch-added' + 'row-changed', its
 * last_contacted_at (the later of old and happenedAt), answered_at when answered, a Lead moved to Contacted (never
 * backwards; stage activity logged as a stage change too), and a follow-up `followUpDays` after happenedAt when the
 * row has none (null: none).
 *
 * A happenedAt in the future is taken as now. The rows' links are locked first (in id order), so touches of one row
 * are added one at a time (the message id checked, the count kept); the counts are read after the locks, so a touch
 * committed meanwhile is counted. A row holding TOUCHES_PER_ROW_MAX is a 422 (nothing added); a row not on the list
 * is left out and named in `missing`. A stage or follow-up changed (by hand) after the touch happened is left as it
 * is: the later change wins, as in patchRow.
 */
export async function addTouches(
  tx: Db,
  log: ChangeLog,
  kind: ListType,
  listId: number,
  targets: TouchTarget[],
  authorId: number,
  touch: Omit<NewTouch, 'match'>,
  followUpDays: number | null,
): Promise<TouchesAdded> {
  const table = PIPELINE_TABLES[kind];
  const { link } = table;
  const ids = [...new Set(targets.map((target) => target.itemId))].sort((a, b) => a - b);
  if (ids.length === 0) return { added: [], missing: [] };
  const olds = await tx
    .select({
      itemId: table.itemId,
      stage: link.stage,
      stage_changed_at: link.stage_changed_at,
      follow_up_on: link.follow_up_on,
      follow_up_changed_at: link.follow_up_changed_at,
      amount_changed_at: link.amount_changed_at,
      last_contacted_at: link.last_contacted_at,
      answered_at: link.answered_at,
    })
    .from(link)
    .where(and(eq(table.listId, listId), inArray(table.itemId, ids)))
    .orderBy(table.itemId)
    .for('update');
  const oldOf = new Map(olds.map((old) => [Number(old.itemId), old]));
  const missing = ids.filter((id) => !oldOf.has(id));
  if (olds.length === 0) return { added: [], missing };

  const item = kind === 'investor' ? rowTouches.investor_id : rowTouches.fund_id;
  // Fund rows have no unique index on the message id (it names an investor's row): the row locks make this check hold.
  const seenSql = touch.messageId === null ? sql<boolean>`false` : sql<boolean>`coalesce(bool_or(${rowTouches.message_id} = ${touch.messageId}), false)`;
  const held = await tx
    .select({ itemId: item, held: sql<number>`count(*)::int`, seen: seenSql })
    .from(rowTouches)
    .where(and(eq(rowTouches.list_id, listId), inArray(item, [...oldOf.keys()])))
    .groupBy(item);
  if (held.some((row) => row.held >= TOUCHES_PER_ROW_MAX)) {
    throw new HttpError(422, `A row can hold at most ${TOUCHES_PER_ROW_MAX.toLocaleString('en-US')} touches: delete one to add another`);
  }
  const seen = new Set(held.filter((row) => row.seen).map((row) => Number(row.itemId)));
  const matchOf = new Map(targets.map((target) => [target.itemId, target.match]));
  const fresh = [...oldOf.keys()].filter((id) => !seen.has(id));
  if (fresh.length === 0) return { added: [], missing };

  const at = touchTime(touch.happenedAt);
  const inserted = await tx
    .insert(rowTouches)
    .values(
      fresh.map((itemId) => ({
        list_id: listId,
        ...(kind === 'investor' ? { investor_id: itemId } : { fund_id: itemId }),
        user_id: authorId,
        kind: touch.kind,
        subject: touch.subject,
        body: touch.body,
        shared: touch.shared,
        participants: touch.participants,
        match: matchOf.get(itemId) ?? null,
        message_id: touch.messageId,
        mail_id: touch.mailId,
        happened_at: at,
      })),
    )
    .onConflictDoNothing()
    .returning({ ...touchColumns, itemId: item });

  const added: TouchesAdded['added'] = [];
  const updates = new Map<string, { set: Record<string, unknown>; ids: number[] }>();
  const activity: ActivityRecord[] = [];
  const events: EventRecord[] = [];
  for (const stored of inserted.sort((a, b) => Number(a.itemId) - Number(b.itemId))) {
    const itemId = Number(stored.itemId);
    const touchAdded = toTouch(stored, authorId);
    added.push({ itemId, touch: touchAdded });
    const done = touchOnRow(kind, itemId, oldOf.get(itemId)!, touchAdded, { at, answered: touch.answered, followUpDays, authorId });
    activity.push(...done.activity);
    events.push(...done.events);
    // Every row's set holds the same values for the same columns (one `at`, one author): rows alike share one UPDATE.
    const columns = Object.keys(done.set).join();
    if (columns) updates.set(columns, { set: done.set, ids: [...(updates.get(columns)?.ids ?? []), itemId] });
  }
  for (const { set, ids: alike } of updates.values()) {
    await tx.update(link).set(set).where(and(eq(table.listId, listId), inArray(table.itemId, alike)));
  }
  await log.record(activity, events);
  return { added, missing };
}

/**
 * addTouches for one row (a touch logged by hand, a mail assigned from the Capture inbox): the touch added, or null
 * when the row holds its message id already; a row not on the list is a 404.
 */
export async function addTouch(
  tx: Db,
  log: ChangeLog,
  row: { kind: ListType; listId: number; itemId: number },
  authorId: number,
  touch: NewTouch,
  followUpDays: number | null,
): Promise<Touch | null> {
  const { match, ...rest } = touch;
  const { added, missing } = await addTouches(tx, log, row.kind, row.listId, [{ itemId: row.itemId, match }], authorId, rest, followUpDays);
  if (missing.length > 0) throw new HttpError(404, `${row.kind === 'investor' ? 'Investor' : 'Fund'} ${row.itemId} is not in this list`);
  return added[0]?.touch ?? null;
}

/** The follow-up interval of a user's profile (users.touch_follow_up_days): null, none is set. */
export async function followUpDaysOf(db: Db, userId: number): Promise<number | null> {
  const [user] = await db.select({ days: users.touch_follow_up_days }).from(users).where(eq(users.id, userId));
  return user?.days ?? null;
}

/**
 * The row's touches the caller may read, newest first: any member of the list, those logged since they joined
 * it (the owner: all); the text of another's touch only once shared.
 */
export async function listTouches(db: Db, ref: RowRef): Promise<Touch[]> {
  await assertRowOnList(db, ref);
  const rows = await db
    .select(touchColumns)
    .from(rowTouches)
    .where(and(touchesOfRow({ kind: ref.kind.type, listId: ref.listId, itemId: ref.itemId }), sinceJoined(ref.userId, ref.listId, rowTouches.created_at)))
    .orderBy(desc(rowTouches.happened_at), desc(rowTouches.id))
    .limit(TOUCHES_PER_ROW_MAX);
  return rows.map((row) => toTouch(row, ref.userId));
}

/** A touch logged by hand on a row of a list the caller edits: shared with the list's members from the start. */
export async function logTouch(
  writer: ListWriter,
  ref: RowRef,
  input: { kind: TouchKind; subject: string; body: string; happenedAt: Date; answered: boolean },
): Promise<Touch> {
  const followUpDays = await followUpDaysOf(writer.db, ref.userId);
  return changeList(writer, ref, 'edit', async (tx, { list }, log) => {
    await rowTable(tx, list, ref);
    const touch = await addTouch(
      tx,
      log,
      { kind: ref.kind.type, listId: ref.listId, itemId: ref.itemId },
      ref.userId,
      { ...input, shared: true, participants: [], match: null, messageId: null, mailId: null },
      followUpDays,
    );
    return touch!;
  });
}

/** One touch of the row, locked; not on the row, a 404; another's, a 403. */
async function ownTouch(tx: Db, ref: RowRef, touchId: number): Promise<void> {
  const [touch] = await tx
    .select({ user_id: rowTouches.user_id })
    .from(rowTouches)
    .where(and(touchesOfRow({ kind: ref.kind.type, listId: ref.listId, itemId: ref.itemId }), eq(rowTouches.id, touchId)))
    .for('update');
  if (!touch) throw new HttpError(404, CAPTURE_MESSAGES.touchNotFound);
  if (touch.user_id !== ref.userId) throw new HttpError(403, CAPTURE_MESSAGES.notYourTouch);
}

/**
 * Its author shares a touch's text with the list's members, or stops: its earlier touch-added events go (one held
 * the text) and a new one says the touch as members now see it.
 */
export async function shareTouch(writer: ListWriter, ref: RowRef, touchId: number, shared: boolean): Promise<Touch> {
  return changeList(writer, ref, 'edit', async (tx, { list }, log) => {
    await rowTable(tx, list, ref);
    await ownTouch(tx, ref, touchId);
    await tx.update(rowTouches).set({ shared }).where(eq(rowTouches.id, touchId));
    const [row] = await tx.select(touchColumns).from(rowTouches).where(eq(rowTouches.id, touchId));
    const touch = toTouch(row, ref.userId);
    await tx.delete(listEvents).where(and(...touchEvents(ref.listId, touchId)));
    await log.events([{ type: 'touch-added', data: { kind: ref.kind.type, item_id: ref.itemId, touch: touchForMembers(touch) } }]);
    return touch;
  });
}

/**
 * Deletes one of the caller's touches on the row: another's is a 403, a touch not on the row a 404. Its text goes
 * with it (touch-texts.ts); the activity says who deleted a touch, and when. The row's last contacted and answered
 * times stay: they said when it was.
 */
export async function deleteTouch(writer: ListWriter, ref: RowRef, touchId: number): Promise<void> {
  await changeList(writer, ref, 'edit', async (tx, { list }, log) => {
    await rowTable(tx, list, ref);
    await ownTouch(tx, ref, touchId);
    await tx.delete(rowTouches).where(eq(rowTouches.id, touchId));
    await forgetEntryTexts(tx, 'touch', { listId: ref.listId, kind: ref.kind.type, itemId: ref.itemId, id: touchId });
    await log.record(
      [{ kind: ref.kind.type, itemId: ref.itemId, action: 'touch_deleted' }],
      [{ type: 'touch-deleted', data: { kind: ref.kind.type, item_id: ref.itemId, touch_id: touchId } }],
    );
  });
}
