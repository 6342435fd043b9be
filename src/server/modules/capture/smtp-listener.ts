// The capture listener as the app holds it. Its SMTP sessions, the reading of each mail and its writes run in a thread
// of their own (smtp-thread.ts): they are most of a mail's CPU, and on the app's event loop they held every request
// behind them (a search's p95 16 ms alone, 229 ms beside 40 mails a second). The app's thread answers the thread's
// questions (listener-messages.ts) at RCPT: whether a token is an account's and within its hourly limit (550, 451).
// The thread writes each mail itself (thread-writer.ts), on PostgreSQL on a pool of its own, on PGlite on a
// connection of its own to the database's thread (db/pglite-thread.ts).
import { Worker, type MessagePort } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { CAPTURE_LIMITS } from '../../../shared/capture.js';
import type { TlsFiles } from '../../config.js';
import type { OwnConnection } from '../../db/client.js';
import type { CaptureWriter } from './capture-store.js';
import type { CaptureTokens } from './capture-tokens.js';
import { publishChanges } from '../lists/list-change.js';
import { NO_SUCH_ADDRESS, type FromListener, type ListenerSettings, type Question, type SmtpAnswer, type ToListener } from './listener-messages.js';
import { MailLane } from './mail-lane.js';
import { CAPTURE_CONNECTION_SETTINGS } from './named-statements.js';
import type { MailLimit } from './mail-limit.js';

export interface CaptureListener {
  /** Starts taking mail; answers the port bound (`port` 0 asks the system for one). */
  listen(port: number, host: string): Promise<number>;
  /** The port it listens on, null while it does not. */
  readonly port: number | null;
  /** Takes no new connection, lets the mails being written finish (a few seconds at most), then closes the rest. */
  close(): Promise<void>;
}

export interface ListenerOptions {
  /** Whose feed publishes the changes of the mails the thread wrote (a feed without notifyOnCommit). */
  writer: CaptureWriter;
  log: FastifyBaseLogger;
  captureDomain: string;
  limit: MailLimit;
  /** The accounts of capture tokens, as RCPT checks them. */
  tokens: CaptureTokens;
  tls: TlsFiles | undefined;
  /** How long close waits for mails being written. */
  closeGraceMs?: number;
  /** The listener's questions answered at once (mail-lane.ts), and mails written at once. */
  answersAtOnce: number;
  /**
   * Where the listener's thread writes each mail (thread-writer.ts), so that a mail's statements and their results are
   * not the app's event loop's work: PostgreSQL's URL (a pool of its own of `answersAtOnce` connections), or on PGlite
   * a connection of its own to the database's thread (a new one each time the thread starts).
   */
  writesTo: OwnConnection;
  /** The app's requests being answered: a mail's writes wait for a moment with none (quiet-moment.ts). */
  requestsInFlight: Int32Array;
}

const TRY_LATER = 'The address cannot be checked just now: try again later';

export function captureListener(options: ListenerOptions): CaptureListener {
  const { writer, log, captureDomain, limit, tokens } = options;
  const lane = new MailLane(options.answersAtOnce);
  /** What a thread is started with: its writes' connection is its own (transferred to it). */
  async function settings(): Promise<{ workerData: ListenerSettings; transferList: MessagePort[] }> {
    const database: ListenerSettings['writes']['database'] =
      'connect' in options.writesTo
        ? { pglite: await options.writesTo.connect(CAPTURE_CONNECTION_SETTINGS) }
        : { url: options.writesTo.url };
    const workerData: ListenerSettings = {
      captureDomain,
      tls: options.tls,
      closeGraceMs: options.closeGraceMs ?? 5000,
      requestsInFlight: options.requestsInFlight,
      writes: {
        database,
        atOnce: options.answersAtOnce,
        notifyOnCommit: writer.listFeed.notifyOnCommit !== undefined,
      },
    };
    return { workerData, transferList: 'pglite' in database ? [database.pglite] : [] };
  }
  /** Between listen() and close(): a thread that ends unasked is started again. */
  let open = false;
  /** The thread listening, where it listens, and what waits on it. */
  let current: { thread: Worker; at: { port: number; host: string }; bound: number | null; closed?: () => void } | null = null;

  async function recipient(token: string): Promise<SmtpAnswer> {
    const userId = await tokens.accountOf(token);
    if (userId === null) return { code: 550, text: NO_SUCH_ADDRESS };
    if (!(await limit.take(userId)).allowed) {
      return { code: 451, text: `This address takes at most ${CAPTURE_LIMITS.mailsPerHour} mails an hour: try again later` };
    }
    return { text: 'Accepted', account: userId };
  }

  function answer(thread: Worker, id: number, question: Question) {
    const work = lane.run(() => recipient(question.token));
    void work
      .catch((error: unknown): SmtpAnswer => {
        log.error({ err: error }, 'capture: a recipient could not be checked');
        return { code: 451, text: TRY_LATER };
      })
      .then((said) => thread.postMessage({ kind: 'answer', id, answer: said } satisfies ToListener));
  }

  /** A thread listening at `at`; `listening` hears of its port, or why it has none. */
  async function start(at: { port: number; host: string }, listening: { resolve(port: number): void; reject(error: Error): void }) {
    let thread: Worker;
    try {
      const started = await settings();
      if (!open) {
        for (const port of started.transferList) port.close();
        throw new Error('The capture listener was closed');
      }
      thread = new Worker(new URL('./smtp-thread-start.mjs', import.meta.url), started);
    } catch (error) {
      listening.reject(error as Error);
      return;
    }
    const held = { thread, at, bound: null as number | null, closed: undefined as (() => void) | undefined };
    current = held;
    thread.on('message', (message: FromListener) => {
      switch (message.kind) {
        case 'listening':
          held.bound = message.port;
          listening.resolve(message.port);
          break;
        case 'listen-failed':
          void thread.terminate();
          listening.reject(Object.assign(new Error(message.message), { code: message.code }));
          break;
        case 'log':
          log[message.level]({ err: message.error }, message.message);
          break;
        case 'closed':
          held.closed?.();
          break;
        case 'publish':
          void publishChanges(writer, [{ listId: message.listId, lastEventId: message.eventId }]);
          break;
        default:
          answer(thread, message.id, message);
      }
    });
    thread.on('error', (error) => {
      log.error({ err: error }, 'capture listener: its thread failed');
      listening.reject(error);
    });
    // A thread that ended unasked (a failure no session caught) is started again where it listened: the listener
    // never stops; the connections it held are gone, and their clients send again.
    thread.on('exit', () => {
      held.closed?.();
      if (current !== held) return;
      current = null;
      if (held.bound === null) return;
      log.error('capture listener: its thread ended; listening again');
      void start({ port: held.bound, host: at.host }, { resolve: () => {}, reject: (error) => log.error({ err: error }, 'capture listener: could not listen again') });
    });
    thread.postMessage({ kind: 'listen', ...at } satisfies ToListener);
  }

  return {
    get port() {
      return current?.bound ?? null;
    },
    listen(port, host) {
      open = true;
      return new Promise((resolve, reject) => void start({ port, host }, { resolve, reject }));
    },
    async close() {
      open = false;
      const closing = current;
      if (!closing) return;
      current = null;
      await new Promise<void>((resolve) => {
        closing.closed = resolve;
        closing.thread.postMessage({ kind: 'close' } satisfies ToListener);
      });
      await closing.thread.terminate();
    },
  };
}
