// The browser's offline store (IndexedDB through Dexie): query answers kept for reading offline, and
// the outbox of list additions not yet confirmed by the server. Every row names the user it belongs
// to, so a second user on the same device never reads the first one's data.
import { Dexie, type EntityTable, type Table } from 'dexie';
import type { Fund, Investor, ListType } from '@/shared/api-types';

export interface PersistedQueryRow {
  userId: number;
  /** The persister's storage key (prefix and query hash). */
  key: string;
  /** The serialized persisted query. */
  value: string;
  /** When the answer was fetched; rows older than the offline max age are dropped. */
  savedAt: number;
}

/** One 'add to list' action waiting to reach the server, replayed in `seq` order. */
export interface OutboxRow {
  seq: number;
  userId: number;
  listId: number;
  listType: ListType;
  itemIds: number[];
  /** The rows as the user saw them, shown in the list as pending until the server has them. */
  items: Array<Investor | Fund>;
  /** Sent as the Idempotency-Key header on every attempt, so a replay never adds twice. */
  idempotencyKey: string;
  createdAt: number;
  attempts: number;
  lastError: string | null;
}

export type NewOutboxRow = Omit<OutboxRow, 'seq'>;

export class OfflineDb extends Dexie {
  queries!: Table<PersistedQueryRow, [number, string]>;
  outbox!: EntityTable<OutboxRow, 'seq'>;

  constructor(name = 'fundscape') {
    super(name);
    this.version(1).stores({
      queries: '[userId+key], userId, savedAt',
      outbox: '++seq, userId',
    });
  }

  /** Removes everything stored for one user: their persisted answers and their unsent additions. */
  async forgetUser(userId: number): Promise<void> {
    await this.transaction('rw', this.queries, this.outbox, async () => {
      await this.queries.where('userId').equals(userId).delete();
      await this.outbox.where('userId').equals(userId).delete();
    });
  }
}

/** The app's one offline database. */
export const offlineDb = new OfflineDb();
