// The outbox of changes made by the user: each is written here first, with an idempotency key, and
// shown at once as pending by the feature that queued it; the replayer (outbox-replayer.ts) sends the
// rows in order and removes each once the server has it. Rows belong to one user and wait for that
// user's next login if need be. The outbox knows no feature: a row carries the call to make.
import { FetchError } from 'ofetch';
import { apiErrorDetail, apiStatus, SessionExpiredError, type ApiClient } from '@/lib/api-client';
import type { NewOutboxRow, OfflineDb, OutboxRequest, OutboxRow } from '../db/offline-db';

/** What a feature queues: which kind of change, the call that makes it, and what to show meanwhile. */
export interface OutboxEntry<P = unknown> {
  kind: string;
  request: OutboxRequest;
  payload: P;
}

export async function enqueue<P>(db: OfflineDb, userId: number, entry: OutboxEntry<P>, now = Date.now()): Promise<OutboxRow<P>> {
  const row: NewOutboxRow<P> = {
    userId,
    kind: entry.kind,
    request: entry.request,
    payload: entry.payload,
    idempotencyKey: crypto.randomUUID(),
    createdAt: now,
    attempts: 0,
    lastError: null,
  };
  const seq = await db.outbox.add(row as OutboxRow);
  return { ...row, seq };
}

/** A user's unsent changes, oldest first. */
export function pendingRows(db: OfflineDb, userId: number): Promise<OutboxRow[]> {
  return db.outbox.where('userId').equals(userId).sortBy('seq');
}

/** Makes the row's call with its idempotency key; resolves with the server's answer. */
export function sendOutboxRow(client: ApiClient, row: OutboxRow): Promise<unknown> {
  return client(row.request.path, {
    method: row.request.method,
    body: row.request.body as Record<string, unknown> | undefined,
    headers: { 'Idempotency-Key': row.idempotencyKey },
  });
}

/** In a follow-up call (OutboxRequest.then), the id the call before it answered. */
export const ANSWER_ID = '{answer.id}';

/** A follow-up call with the id answered put in place of ANSWER_ID (null if the answer had none: the server refuses it). */
export function withAnswerId(request: OutboxRequest, answer: unknown): OutboxRequest {
  const id = (answer as { id?: unknown } | null)?.id;
  const value = typeof id === 'number' ? id : null;
  const resolve = (part: unknown): unknown => {
    if (part === ANSWER_ID) return value;
    if (Array.isArray(part)) return part.map(resolve);
    if (part !== null && typeof part === 'object') return Object.fromEntries(Object.entries(part).map(([key, item]) => [key, resolve(item)]));
    return part;
  };
  return { ...request, path: request.path.replaceAll(ANSWER_ID, String(value)), body: resolve(request.body) };
}

/**
 * The row once its first call is answered: it now makes the follow-up, under a key of its own, so a
 * replay from here on never repeats the first call (whose key the server keeps only a day).
 */
export function followUpOf(row: OutboxRow, answer: unknown): Pick<OutboxRow, 'request' | 'idempotencyKey' | 'attempts' | 'lastError'> | null {
  const next = row.request.then;
  if (!next) return null;
  return { request: withAnswerId(next, answer), idempotencyKey: `${row.idempotencyKey}.then`, attempts: 0, lastError: null };
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
