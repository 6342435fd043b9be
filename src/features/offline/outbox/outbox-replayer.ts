// The one replayer of the outbox. It drains the current user's rows oldest first, one request each,
// while the browser is online and someone is logged in; a row leaves the outbox only when the server
// has answered for it. Across tabs a Web Lock lets one tab drain at a time, and the idempotency key
// makes a resend after a lost answer add nothing twice. A row whose call has a follow-up (a contact
// created, then added to a list) stays first in the queue until the follow-up is answered too.
//
// An expired access token is refreshed by the API client before the row is resent (its 401 handling);
// if that refresh fails the session ends and the rows stay for the same user's next login.
import { api } from '@/lib/api-client';
import { offlineUserId } from '@/lib/offline-user';
import { session } from '@/lib/session';
import type { OfflineDb, OutboxRow } from '../db/offline-db';
import { loadOfflineDb } from '../db/offline-db-loader';
import { classifySendFailure, enqueue, failureText, followUpOf, sendOutboxRow, type OutboxEntry } from './outbox';

export type OutboxEvent =
  /** `replayed`: the row had waited in the outbox, rather than being sent as the user made the change. */
  | { type: 'synced'; row: OutboxRow; replayed: boolean; answer: unknown }
  | { type: 'rejected'; row: OutboxRow; replayed: boolean; error: unknown; message: string };

export interface DrainResult {
  sent: number;
  rejected: number;
  /** Why draining stopped: nothing left, offline, nobody logged in, a failure to retry, or the session ended. */
  stopped: 'empty' | 'offline' | 'logged-out' | 'retry-later' | 'session-ended';
}

/** What became of one change right after it was submitted. */
export type OutboxOutcome = 'synced' | 'queued' | 'rejected';

/** The server refused a submitted change: `message` is its detail, for the form to show in place. */
export class ChangeRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChangeRefusedError';
  }
}

export interface OutboxReplayerOptions {
  loadDb: () => Promise<OfflineDb>;
  send: (row: OutboxRow) => Promise<unknown>;
  currentUserId: () => number | null;
  isOnline: () => boolean;
  /** navigator.locks where the browser has it; without it only this tab is kept to one drain at a time. */
  locks?: LockManager | null;
  lockName?: string;
  /** Milliseconds before the next try after a row failed `attempts` times in a row. */
  retryDelay?: (attempts: number) => number;
}

const defaultRetryDelay = (attempts: number) => Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));

export function createOutboxReplayer({
  loadDb,
  send,
  currentUserId,
  isOnline,
  locks = null,
  lockName = 'fundscape-outbox',
  retryDelay = defaultRetryDelay,
}: OutboxReplayerOptions) {
  const listeners = new Set<(event: OutboxEvent) => void>();
  /** Rows this tab is sending right after the user added them, and those of them the server refused. */
  const submitting = new Set<number>();
  /** The refusals of changes being submitted, by seq, with the server's detail. */
  const refusals = new Map<number, string>();
  let running: Promise<DrainResult> | null = null;
  let again = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const emit = (event: OutboxEvent) => listeners.forEach((listener) => listener(event));

  function scheduleRetry(attempts: number) {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void drain(), retryDelay(attempts));
  }

  async function drainRowsOf(userId: number): Promise<DrainResult> {
    const db = await loadDb();
    let sent = 0;
    let rejected = 0;
    for (;;) {
      if (!isOnline()) return { sent, rejected, stopped: 'offline' };
      if (currentUserId() !== userId) return { sent, rejected, stopped: 'logged-out' };
      const row = await db.outbox.where('userId').equals(userId).first();
      if (!row) return { sent, rejected, stopped: 'empty' };
      let answer: unknown;
      try {
        answer = await send(row);
      } catch (error) {
        const failure = classifySendFailure(error);
        if (failure === 'rejected') {
          await db.outbox.delete(row.seq);
          rejected += 1;
          const message = failureText(error);
          if (submitting.has(row.seq)) refusals.set(row.seq, message);
          emit({ type: 'rejected', row, replayed: !submitting.has(row.seq), error, message });
          continue;
        }
        await db.outbox.update(row.seq, { attempts: row.attempts + 1, lastError: failureText(error) });
        if (failure === 'session') return { sent, rejected, stopped: 'session-ended' };
        scheduleRetry(row.attempts + 1);
        return { sent, rejected, stopped: 'retry-later' };
      }
      const followUp = followUpOf(row, answer);
      if (followUp) {
        // The same row, first in the queue still, makes its follow-up call on the next pass.
        await db.outbox.update(row.seq, followUp);
        continue;
      }
      await db.outbox.delete(row.seq);
      sent += 1;
      emit({ type: 'synced', row, replayed: !submitting.has(row.seq), answer });
    }
  }

  function exclusively(userId: number): Promise<DrainResult> {
    if (!locks) return drainRowsOf(userId);
    return locks.request(lockName, () => drainRowsOf(userId));
  }

  /**
   * Sends what the current user has queued. Calls made while a drain runs are folded into one more
   * pass after it, so a row queued meanwhile is never left behind.
   */
  function drain(): Promise<DrainResult> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let result: DrainResult;
      do {
        again = false;
        const userId = currentUserId();
        if (userId === null) return { sent: 0, rejected: 0, stopped: 'logged-out' } satisfies DrainResult;
        if (!isOnline()) return { sent: 0, rejected: 0, stopped: 'offline' } satisfies DrainResult;
        result = await exclusively(userId);
      } while (again);
      return result;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /** Queues a change for the current user and tries to send it right away; a refusal comes with its detail. */
  async function enqueueAndSend(entry: OutboxEntry): Promise<{ outcome: OutboxOutcome; refusal?: string }> {
    const userId = currentUserId();
    if (userId === null) throw new Error('Log in to make changes');
    const db = await loadDb();
    const row = await enqueue(db, userId, entry);
    submitting.add(row.seq);
    try {
      await drain();
    } finally {
      submitting.delete(row.seq);
    }
    if (await db.outbox.get(row.seq)) return { outcome: 'queued' };
    const refusal = refusals.get(row.seq);
    refusals.delete(row.seq);
    return refusal === undefined ? { outcome: 'synced' } : { outcome: 'rejected', refusal };
  }

  /** Queues a change for the current user and tries to send it right away. */
  async function add(entry: OutboxEntry): Promise<OutboxOutcome> {
    return (await enqueueAndSend(entry)).outcome;
  }

  /** As `add`, for a form that shows a refusal in place: it throws ChangeRefusedError with the server's detail. */
  async function submit(entry: OutboxEntry): Promise<Exclude<OutboxOutcome, 'rejected'>> {
    const { outcome, refusal } = await enqueueAndSend(entry);
    if (outcome === 'rejected') throw new ChangeRefusedError(refusal ?? 'The change was refused');
    return outcome;
  }

  function subscribe(listener: (event: OutboxEvent) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /**
   * Drains now, whenever the browser comes back online, and whenever `onSessionChange` reports a
   * change (a login); returns the function that stops all of it.
   */
  function start(onSessionChange?: (listener: () => void) => () => void): () => void {
    const onOnline = () => void drain();
    globalThis.addEventListener?.('online', onOnline);
    const unsubscribe = onSessionChange?.(() => void drain());
    void drain();
    return () => {
      globalThis.removeEventListener?.('online', onOnline);
      unsubscribe?.();
      clearTimeout(retryTimer);
    };
  }

  return { add, submit, drain, start, subscribe };
}

export type OutboxReplayer = ReturnType<typeof createOutboxReplayer>;

const browser = typeof navigator === 'undefined' ? undefined : navigator;

/** The app's replayer: the app's API client, session and offline database. */
export const outboxReplayer: OutboxReplayer = createOutboxReplayer({
  loadDb: loadOfflineDb,
  send: (row) => sendOutboxRow(api, row),
  currentUserId: () => offlineUserId(session),
  isOnline: () => browser?.onLine ?? true,
  locks: browser?.locks ?? null,
});
