// The outbox of list additions: each 'add to list' is written here first, with an idempotency key, and
// shown at once as pending; the replayer (outbox-replayer.ts) sends the rows in order and removes each
// once the server has it. Rows belong to one user and wait for that user's next login if need be.
import { FetchError } from 'ofetch';
import { API } from '@/shared/api-paths';
import type { Fund, Investor, ListType } from '@/shared/api-types';
import { apiErrorDetail, apiStatus, SessionExpiredError, type ApiClient } from './api-client';
import type { NewOutboxRow, OfflineDb, OutboxRow } from './offline-db';

export interface AdditionRequest {
  listId: number;
  listType: ListType;
  items: Array<Investor | Fund>;
}

export async function enqueueAddition(
  db: OfflineDb,
  userId: number,
  { listId, listType, items }: AdditionRequest,
  now = Date.now(),
): Promise<OutboxRow> {
  if (!Number.isInteger(listId) || listId <= 0) throw new Error(`Cannot add to list ${listId}: not a list id`);
  const unique = [...new Map(items.map((item) => [item.id, item])).values()];
  if (unique.length === 0) throw new Error('Select at least one row to add to the list');
  const row: NewOutboxRow = {
    userId,
    listId,
    listType,
    itemIds: unique.map((item) => item.id),
    items: unique,
    idempotencyKey: crypto.randomUUID(),
    createdAt: now,
    attempts: 0,
    lastError: null,
  };
  const seq = await db.outbox.add(row as OutboxRow);
  return { ...row, seq };
}

/** A user's unsent additions, oldest first. */
export function pendingRows(db: OfflineDb, userId: number): Promise<OutboxRow[]> {
  return db.outbox.where('userId').equals(userId).sortBy('seq');
}

/** How many distinct rows wait to be added to each list. */
export function pendingCountsByList(rows: OutboxRow[]): Map<number, number> {
  const ids = new Map<number, Set<number>>();
  for (const row of rows) {
    const set = ids.get(row.listId) ?? new Set<number>();
    row.itemIds.forEach((id) => set.add(id));
    ids.set(row.listId, set);
  }
  return new Map([...ids].map(([listId, set]) => [listId, set.size]));
}

/** How many rows (investors or funds) were added to lists that the server does not have yet. */
export function countPendingItems(rows: OutboxRow[]): number {
  return [...pendingCountsByList(rows).values()].reduce((sum, count) => sum + count, 0);
}

/** POST /api/v1/lists/{id}/{investors|funds}/batch with the row's idempotency key. */
export function sendAddition(client: ApiClient, row: OutboxRow): Promise<unknown> {
  const [segment, idsKey] = row.listType === 'investor' ? ['investors', 'investor_ids'] : ['funds', 'fund_ids'];
  return client(`${API}/lists/${row.listId}/${segment}/batch`, {
    method: 'POST',
    body: { [idsKey]: row.itemIds },
    headers: { 'Idempotency-Key': row.idempotencyKey },
  });
}

/**
 * What a failed send means for its row:
 * - 'retry': no answer (offline, connection lost) or a passing server trouble — keep it, try later;
 * - 'session': the session ended (the refresh failed) — keep it for the same user's next login;
 * - 'rejected': the server refused it for good (the list was deleted, say) — drop it and tell the user.
 */
export type SendFailure = 'retry' | 'session' | 'rejected';

export function classifySendFailure(error: unknown): SendFailure {
  if (error instanceof SessionExpiredError) return 'session';
  const status = apiStatus(error);
  if (status === undefined || status === 408 || status === 429 || status >= 500) return 'retry';
  // A conflict the server asks to retry: the first send with this key is still being answered.
  if (status === 409 && error instanceof FetchError && error.response?.headers.has('retry-after')) return 'retry';
  if (status === 401) return 'session';
  return 'rejected';
}

export function failureText(error: unknown): string {
  return apiErrorDetail(error) ?? (error instanceof Error ? error.message : String(error));
}
