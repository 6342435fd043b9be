// What a captured mail writes: its captured_mails row, and a touch on each row it was matched to, in one
// transaction of three statements (a mail is logged whole or not at all), each list's streams told as it commits.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { TOUCHES_PER_ROW_MAX, type MailDirection, type MailParty, type Touch, type TouchKind } from '../../../shared/capture.js';
import type { PipelineStage } from '../../../shared/pipeline.js';
import type { Person } from '../../../shared/teams.js';
import { HttpError } from '../../plugins/error-handler.js';
import { pgliteConnection, postgresPool, type Db } from '../../db/client.js';
import type { Row } from '../../db/query-rows.js';
import { captureAddresses, capturedMails, listActivity, listEvents, lists, rowTouches } from '../../db/schema.js';
import { sqlState, WRITE_ATTEMPTS, writeTransaction } from '../../db/transaction.js';
import { editsList } from '../lists/list-access.js';
import { publishChanges, type ListWriter } from '../lists/list-change.js';
import type { ListFeed } from '../live/feed.js';
import { touchOnRow, touchTime, type RowBeforeTouch } from '../pipeline/touch-store.js';
import type { MailFacts } from './mail-parse.js';
import { NAMED_SHAPE_MAX, runStatement, runStatementThenCommit } from './named-statements.js';
import type { RowMatch } from './matching.js';

/** What logging a mail needs: a list writer whose feed may tell the other instances in the mail's own transaction. */
export interface CaptureWriter extends ListWriter {
  listFeed: Pick<ListFeed, 'publish' | 'notifyOnCommit'>;
}

/** A mail of hers, read and matched: everything its writes need, decided before the first. */
export interface MailToLog {
  userId: number;
  direction: MailDirection;
  mail: MailFacts;
  participants: MailParty[];
  rows: RowMatch[];
  followUpDays: number | null;
  /** She, as her touches name their author. */
  author: Person;
}

/** What became of a mail: logged on rows (`rows` touches added), left in the Capture inbox, or captured before. */
export interface Logged {
  status: 'logged' | 'unmatched' | 'duplicate';
  rows: number;
  mailId: number;
}

/** Counts a mail taken and dropped (not hers, or nothing of it to log): never shown, only counted. */
export async function countDropped(db: Db, userId: number): Promise<void> {
  await db
    .update(captureAddresses)
    .set({ dropped: sql`${captureAddresses.dropped} + 1` })
    .where(eq(captureAddresses.user_id, userId));
}

/** A row of hers the mail goes on, as statement two read it, locked: what the touch decides from. */
interface LockedRow extends RowBeforeTouch {
  listId: number;
  investorId: number;
  held: number;
  seen: boolean;
  touchId: number;
  eventIds: [number, number];
}

const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date));
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : (value as Date).toISOString());

/**
 * Runs a statement of the mail's transaction, as a named statement when `named` (named-statements.ts); `last`, its last
 * statement, which may commit it at once (on a PGlite connection of the listener's own).
 */
type Run = (query: SQL, named: boolean, last?: boolean) => Promise<Row[]>;

const RETRYABLE_STATES = new Set(['40P01', '40001']);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * writeTransaction for a mail, on PostgreSQL its first statement the lists' locks (in id order; none without lists):
 * the BEGIN goes with that statement in one round trip (the ids, integers of ours, written in it), on a connection of
 * the pool's; a deadlock or serialization failure runs it all again, as writeTransaction does. PGlite runs one
 * transaction at a time (db/pglite-worker.mjs): no other writer can come between, and the locks would only hold every
 * founder's statement longer behind the mail's; on the listener's own connection its last statement commits it.
 */
async function mailTransaction<T>(db: Db, listIds: number[], work: (tx: Db, run: Run) => Promise<T>): Promise<T> {
  if (!listIds.every((id) => Number.isSafeInteger(id))) throw new Error('A list id is not an integer');
  // The listener's own connection to PGlite's thread: the transaction holds the database only from its first
  // statement to its last, which commits it in the same turn (pglite-thread.ts).
  const pglite = pgliteConnection(db);
  if (pglite) {
    return pglite.transaction(() =>
      work(db, (query, named, last) => (last ? runStatementThenCommit(pglite, query, named) : runStatement(db, query, named))),
    );
  }
  const pool = postgresPool(db);
  if (!pool) return writeTransaction(db, (tx) => work(tx, (query, named) => runStatement(tx, query, named)));
  const lock = `SELECT id FROM lists WHERE id IN (${listIds.join(', ')}) ORDER BY id FOR UPDATE`;
  for (let attempt = 1; ; attempt++) {
    const connection = await pool.connect();
    let broken: Error | undefined;
    try {
      await connection.query(listIds.length > 0 ? `BEGIN; ${lock}` : 'BEGIN');
      const tx = drizzle(connection) as unknown as Db;
      const result = await work(tx, (query, named) => runStatement(tx, query, named, connection));
      await connection.query('COMMIT');
      return result;
    } catch (error) {
      await connection.query('ROLLBACK').catch((failed: Error) => (broken = failed));
      if (attempt >= WRITE_ATTEMPTS || !RETRYABLE_STATES.has(sqlState(error) ?? '')) throw error;
    } finally {
      connection.release(broken);
    }
    await pause(attempt * (10 + Math.random() * 40));
  }
}

/**
 * Logs the mail once per Message-ID and account, and once per row: a second copy (a BCC'd one and a forward of
 * it, an SMTP retry, another instance receiving it at once) finds the mail already kept, and adds a touch only to
 * a row that has none of it yet (the row's unique message id). A list she no longer edits is passed over, and so is
 * a row taken off its list since it was matched.
 *
 * Three statements for any number of rows and lists (the touch's effects on each row decided by touchOnRow, as
 * addTouches does): (1) on PostgreSQL the rows' lists locked in id order, so two mails on the same lists never wait on
 * each other in a circle, and so every list's changes (and its event ids) follow one another (PGlite runs one
 * transaction at a time); (2) the mail kept, the lists she
 * still edits read (after the locks, as listAccess does, so a removal committed meanwhile is seen), their matched rows
 * locked in order with the touches each holds and whether one is this mail's, and the ids of the touches and events
 * to write taken; (3) the touches, the rows' changes, the activity and the events written, and on PostgreSQL the
 * lists' streams told as it commits. A copy of the same mail waits on the lists' locks, then finds the mail kept.
 * Every writer of a list's rows and touches holds the list's lock, so the counts read in (2) stay true until commit.
 */
export async function logMail(writer: CaptureWriter, toLog: MailToLog): Promise<Logged> {
  const { mail, userId } = toLog;
  const listIds = [...new Set(toLog.rows.map((row) => row.listId))].sort((a, b) => a - b);
  const matchOf = new Map(toLog.rows.map((row) => [`${row.listId}:${row.investorId}`, row.match]));
  const kind: TouchKind = toLog.direction === 'sent' ? 'email_sent' : 'email_received';
  const answered = toLog.direction === 'received';
  let told: Array<{ listId: number; lastEventId: number }> = [];
  // A mail of the usual shape runs named statements: parsed and planned once per connection.
  const named = toLog.rows.length <= NAMED_SHAPE_MAX;
  const result = await mailTransaction(writer.db, listIds, async (tx, run): Promise<Logged> => {
    told = [];
    const insert = tx
      .insert(capturedMails)
      .values({
        user_id: userId,
        message_id: mail.messageId,
        direction: toLog.direction,
        subject: mail.subject,
        snippet: mail.text,
        participants: toLog.participants,
        replies_to: mail.repliesTo,
        sent_at: mail.date,
        status: toLog.rows.length > 0 ? 'logged' : 'unmatched',
      })
      .onConflictDoNothing({ target: [capturedMails.user_id, capturedMails.message_id] })
      .returning({ id: capturedMails.id });
    const read = await run(
      listIds.length === 0
        ? sql`WITH inserted AS (${insert.getSQL()}) SELECT (SELECT id FROM inserted) AS mail_id`
        : sql`WITH inserted AS (${insert.getSQL()}),
          locked AS (
            SELECT li.list_id, li.investor_id, li.stage, li.stage_changed_at::text, li.follow_up_on::text, li.follow_up_changed_at::text,
              li.amount_changed_at::text, li.last_contacted_at::text, li.answered_at::text
            FROM list_investors li
            JOIN unnest(${sql.param(toLog.rows.map((row) => row.listId))}::int[], ${sql.param(toLog.rows.map((row) => row.investorId))}::int[])
              AS wanted (list_id, investor_id) ON wanted.list_id = li.list_id AND wanted.investor_id = li.investor_id
            WHERE li.list_id IN (SELECT ${lists.id} FROM ${lists} WHERE ${inArray(lists.id, listIds)} AND ${editsList(userId)})
            ORDER BY li.list_id, li.investor_id
            FOR UPDATE OF li)
          SELECT m.mail_id, l.*,
            (SELECT count(*)::int FROM row_touches t WHERE t.list_id = l.list_id AND t.investor_id = l.investor_id) AS held,
            EXISTS (SELECT 1 FROM row_touches t WHERE t.list_id = l.list_id AND t.investor_id = l.investor_id AND t.message_id = ${mail.messageId}) AS seen,
            CASE WHEN l.list_id IS NOT NULL THEN nextval(pg_get_serial_sequence('row_touches', 'id')) END AS touch_id,
            CASE WHEN l.list_id IS NOT NULL THEN nextval(pg_get_serial_sequence('list_events', 'id')) END AS event_1,
            CASE WHEN l.list_id IS NOT NULL THEN nextval(pg_get_serial_sequence('list_events', 'id')) END AS event_2
          FROM (SELECT (SELECT id FROM inserted) AS mail_id) m LEFT JOIN locked l ON true
          ORDER BY l.list_id, l.investor_id`,
      named,
    );
    const inserted = read[0].mail_id !== null;
    const mailId = inserted
      ? Number(read[0].mail_id)
      : (
          await tx
            .select({ id: capturedMails.id })
            .from(capturedMails)
            .where(and(eq(capturedMails.user_id, userId), eq(capturedMails.message_id, mail.messageId)))
        )[0].id;
    const locked: LockedRow[] = read
      .filter((row) => row.list_id !== null && row.list_id !== undefined)
      .map((row) => ({
        listId: Number(row.list_id),
        investorId: Number(row.investor_id),
        stage: row.stage as PipelineStage,
        stage_changed_at: dateOrNull(row.stage_changed_at),
        follow_up_on: row.follow_up_on === null ? null : String(row.follow_up_on),
        follow_up_changed_at: dateOrNull(row.follow_up_changed_at),
        amount_changed_at: dateOrNull(row.amount_changed_at),
        last_contacted_at: dateOrNull(row.last_contacted_at),
        answered_at: dateOrNull(row.answered_at),
        held: Number(row.held),
        seen: Boolean(row.seen),
        touchId: Number(row.touch_id),
        eventIds: [Number(row.event_1), Number(row.event_2)],
      }));
    if (locked.some((row) => row.held >= TOUCHES_PER_ROW_MAX)) {
      throw new HttpError(422, `A row can hold at most ${TOUCHES_PER_ROW_MAX.toLocaleString('en-US')} touches: delete one to add another`);
    }
    const fresh = locked.filter((row) => !row.seen);
    const status: Logged['status'] = inserted ? (toLog.rows.length > 0 ? 'logged' : 'unmatched') : fresh.length > 0 ? 'logged' : 'duplicate';
    if (fresh.length === 0) return { status, rows: 0, mailId };

    // The ids taken, in order: each row's touch, and its events after the last row's, so a list's events keep the
    // rows' order.
    const byValue = (a: number, b: number) => a - b;
    const touchIds = locked.map((row) => row.touchId).sort(byValue);
    const eventIds = locked.flatMap((row) => row.eventIds).sort(byValue);
    const at = touchTime(mail.date);
    const touches: Array<typeof rowTouches.$inferInsert> = [];
    const changed: SQL[] = [];
    const activity: Array<PgInsertValue<typeof listActivity>> = [];
    const events: Array<PgInsertValue<typeof listEvents>> = [];
    for (const row of fresh) {
      const touchId = touchIds.shift()!;
      // What the row's touch holds, as stored and as told to the list's members.
      const logged = {
        id: touchId,
        kind,
        subject: mail.subject,
        body: mail.text,
        shared: false,
        participants: toLog.participants,
        match: matchOf.get(`${row.listId}:${row.investorId}`) ?? null,
      };
      touches.push({ ...logged, list_id: row.listId, investor_id: row.investorId, user_id: userId, message_id: mail.messageId, mail_id: mailId, happened_at: at });
      const touch: Touch = { ...logged, happened_at: at.toISOString(), author: toLog.author };
      const done = touchOnRow('investor', row.investorId, row, touch, { at, answered, followUpDays: toLog.followUpDays, authorId: userId });
      const set = done.set;
      if (Object.keys(set).length > 0) {
        changed.push(
          sql`(${row.listId}::int, ${row.investorId}::int, ${isoOrNull(set.last_contacted_at)}::timestamptz, ${isoOrNull(set.answered_at)}::timestamptz,
            ${set.stage ?? null}::text, ${isoOrNull(set.stage_changed_at)}::timestamptz, ${set.follow_up_on ?? null}::date,
            ${isoOrNull(set.follow_up_changed_at)}::timestamptz, ${set.updated_by ?? null}::int)`,
        );
      }
      const now = sql`clock_timestamp()`;
      for (const record of done.activity) {
        activity.push({ list_id: row.listId, item_kind: record.kind, item_id: record.itemId, user_id: userId, action: record.action, detail: record.detail ?? {}, created_at: now });
      }
      let lastEventId = 0;
      for (const record of done.events) {
        lastEventId = eventIds.shift()!;
        events.push({ id: lastEventId, list_id: row.listId, user_id: userId, type: record.type, data: record.data ?? {}, created_at: now });
      }
      const last = told.find((entry) => entry.listId === row.listId);
      if (last) last.lastEventId = Math.max(last.lastEventId, lastEventId);
      else told.push({ listId: row.listId, lastEventId });
    }
    const writes: SQL[] = [
      sql`touches AS (${tx.insert(rowTouches).values(touches).getSQL()})`,
      sql`activity AS (${tx.insert(listActivity).values(activity).getSQL()})`,
      sql`events AS (${tx.insert(listEvents).values(events).getSQL()})`,
    ];
    if (changed.length > 0) {
      // Each row's new values, null for a value it keeps (none is ever set to null).
      writes.push(sql`changed AS (UPDATE list_investors li SET
        last_contacted_at = coalesce(v.last_contacted_at, li.last_contacted_at), answered_at = coalesce(v.answered_at, li.answered_at),
        stage = coalesce(v.stage, li.stage), stage_changed_at = coalesce(v.stage_changed_at, li.stage_changed_at),
        follow_up_on = coalesce(v.follow_up_on, li.follow_up_on), follow_up_changed_at = coalesce(v.follow_up_changed_at, li.follow_up_changed_at),
        updated_by = coalesce(v.updated_by, li.updated_by)
        FROM (VALUES ${sql.join(changed, sql`, `)}) AS v (list_id, investor_id, last_contacted_at, answered_at, stage, stage_changed_at,
          follow_up_on, follow_up_changed_at, updated_by)
        WHERE li.list_id = v.list_id AND li.investor_id = v.investor_id)`);
    }
    if (!inserted) {
      writes.push(sql`kept AS (UPDATE captured_mails SET status = 'logged' WHERE id = ${mailId} AND status = 'unmatched')`);
    }
    // On PostgreSQL the lists' streams are told in this statement (sent as it commits): no transaction of their own.
    const notify = writer.listFeed.notifyOnCommit;
    const tell = notify ? told.map((entry) => notify(entry.listId, entry.lastEventId)) : [sql`1`];
    await run(sql`WITH ${sql.join(writes, sql`, `)} SELECT ${sql.join(tell, sql`, `)}`, named, true);
    if (notify) told = [];
    return { status, rows: fresh.length, mailId };
  });
  await publishChanges(writer, told);
  return result;
}
