// The browser's offline store (IndexedDB through Dexie): query answers kept for reading offline, and
// the outbox of changes not yet confirmed by the server. Every row names the user it belongs
// to, so a second user on the same device never reads the first one's data.
import { Dexie, type EntityTable, type Table } from 'dexie';

// Dexie turns its debug mode on for pages served from localhost or 127.0.0.1, as `npm start` serves the app:
// then every one of its promises carries an async stack trace (console.createTask), which made opening the
// store and writing a page's answers cost a phone three times the main-thread time. A built app runs it off.
if (import.meta.env.PROD) Dexie.debug = false;

export interface PersistedQueryRow {
  userId: number;
  /** The persister's storage key (prefix and query hash). */
  key: string;
  /** The serialized persisted query. */
  value: string;
  /** When the answer was fetched; rows older than the offline max age are dropped. */
  savedAt: number;
}

/** The call an outbox row makes when it is sent: the feature that queued it built it. */
export interface OutboxRequest {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The API path, e.g. /api/v1/lists/3/investors/batch. */
  path: string;
  body?: unknown;
  /**
   * A call that needs this one's answer (a contact created offline, then added to a list): made once this
   * one is answered, with ANSWER_ID in its path or body standing for the id answered (outbox.ts).
   */
  then?: OutboxRequest;
}

/**
 * One change made by the user, waiting to reach the server, replayed in `seq` order. The outbox is
 * generic: `kind` says which feature queued it, and `payload` is what that feature shows meanwhile
 * (the rows being added, the stage being set …).
 */
export interface OutboxRow<P = unknown> {
  seq: number;
  userId: number;
  kind: string;
  request: OutboxRequest;
  payload: P;
  /** Sent as the Idempotency-Key header on every attempt, so a replay never lands twice. */
  idempotencyKey: string;
  /** When the user made the change (ms since the epoch). */
  createdAt: number;
  attempts: number;
  lastError: string | null;
}

export type NewOutboxRow<P = unknown> = Omit<OutboxRow<P>, 'seq'>;

/** A row queued before the outbox was generic: always a list addition. */
interface AdditionRowV1 {
  listId: number;
  listType: 'investor' | 'fund';
  itemIds: number[];
  items: unknown[];
}

export class OfflineDb extends Dexie {
  queries!: Table<PersistedQueryRow, [number, string]>;
  outbox!: EntityTable<OutboxRow, 'seq'>;

  constructor(name = 'fundscape') {
    super(name);
    this.version(1).stores({
      queries: '[userId+key], userId, savedAt',
      outbox: '++seq, userId',
    });
    // Additions queued by an older version of the app keep their place in the queue, in the shape
    // the lists feature now writes (kind 'list-addition').
    this.version(2)
      .stores({ queries: '[userId+key], userId, savedAt', outbox: '++seq, userId' })
      .upgrade((tx) =>
        tx
          .table('outbox')
          .toCollection()
          .modify((row: Partial<OutboxRow> & Partial<AdditionRowV1>) => {
            if (row.kind !== undefined || row.listId === undefined || row.listType === undefined) return;
            const [segment, idsKey] = row.listType === 'investor' ? ['investors', 'investor_ids'] : ['funds', 'fund_ids'];
            row.kind = 'list-addition';
            row.request = { method: 'POST', path: `/api/v1/lists/${row.listId}/${segment}/batch`, body: { [idsKey]: row.itemIds } };
            row.payload = { listId: row.listId, listType: row.listType, items: row.items };
            delete row.listId;
            delete row.listType;
            delete row.itemIds;
            delete row.items;
          }),
      );
  }

  /** Removes everything stored for one user: their persisted answers and their unsent changes. */
  async forgetUser(userId: number): Promise<void> {
    await this.transaction('rw', this.queries, this.outbox, async () => {
      await this.queries.where('userId').equals(userId).delete();
      await this.outbox.where('userId').equals(userId).delete();
    });
  }
}

/** The app's one offline database. */
export const offlineDb = new OfflineDb();
