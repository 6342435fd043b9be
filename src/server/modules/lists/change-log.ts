import type { ListType } from '../../../shared/api-types.js';
import { sql } from 'drizzle-orm';
import type { ActivityAction, ListEventType } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { listActivity, listEvents } from '../../db/schema.js';

const writtenNow = sql`clock_timestamp()`;

export interface ActivityRecord {
  kind: ListType;
  itemId: number;
  action: ActivityAction;
  /** `{from, to}` for a field, `{note: {id, body}}` for a note added (emptied once it is deleted). */
  detail?: Record<string, unknown>;
}

export interface EventRecord {
  /** `reset` is stored for a change of many rows at once (CHANGED_MANY): told once, not row by row. */
  type: Exclude<ListEventType, 'ready'>;
  /** What the event says beside its type, list and author (shared/teams.ts: ListEventData). */
  data?: Record<string, unknown>;
}

/**
 * The one event a change of many rows in one call sends the list's streams, whatever their number (an import, its
 * undo, a batch adding more than one row): `reset`, on which a client reads the list anew (shared/teams.ts). An
 * event a row would send up to thousands to every open client; each row's activity is still logged.
 */
export const CHANGED_MANY: EventRecord = { type: 'reset' };

/**
 * What one change to a list writes beside it, in its transaction: each row's activity and the list's events.
 * The transaction holds the list's row lock (listAccess with lock), so event ids follow commit order per list,
 * and so do their times: each is the clock when written, not when the transaction began (since-joined.ts).
 */
export class ChangeLog {
  /** The newest event written, 0 for none: what to tell the other instances once committed. */
  lastEventId = 0;

  constructor(
    private readonly tx: Db,
    readonly listId: number,
    readonly userId: number | null,
  ) {}

  async activity(records: ActivityRecord[]): Promise<void> {
    if (records.length > 0) await this.activityInsert(records);
  }

  async events(records: EventRecord[]): Promise<void> {
    if (records.length > 0) this.told(await this.eventsInsert(records));
  }

  /**
   * activity() and events() in one statement: the change's one round trip for both, on the hot paths that write
   * both (a touch, a field, a note; a mail logged writes on every matched row).
   */
  async record(activity: ActivityRecord[], events: EventRecord[]): Promise<void> {
    if (activity.length === 0 || events.length === 0) {
      await this.activity(activity);
      await this.events(events);
      return;
    }
    const rows = await queryRows(this.tx, sql`WITH activity AS (${this.activityInsert(activity).getSQL()}) ${this.eventsInsert(events).getSQL()}`);
    this.told(rows.map((row) => ({ id: Number(row.id) })));
  }

  private activityInsert(records: ActivityRecord[]) {
    return this.tx.insert(listActivity).values(
      records.map((record) => ({
        list_id: this.listId,
        item_kind: record.kind,
        item_id: record.itemId,
        user_id: this.userId,
        action: record.action,
        detail: record.detail ?? {},
        created_at: writtenNow,
      })),
    );
  }

  private eventsInsert(records: EventRecord[]) {
    return this.tx
      .insert(listEvents)
      .values(
        records.map((record) => ({
          list_id: this.listId,
          user_id: this.userId,
          type: record.type,
          data: record.data ?? {},
          created_at: writtenNow,
        })),
      )
      .returning({ id: listEvents.id });
  }

  private told(ids: Array<{ id: number }>) {
    this.lastEventId = Math.max(this.lastEventId, ...ids.map((row) => row.id));
  }
}
