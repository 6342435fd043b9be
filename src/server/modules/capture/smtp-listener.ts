// The capture listener as the app holds it. Its SMTP sessions and the reading of each mail run in a thread of their
// own (smtp-thread.ts): they are most of a mail's CPU, and on the app's event loop they held every request behind
// them (a search's p95 16 ms alone, 229 ms beside 40 mails a second). The app's thread answers the thread's
// questions (listener-messages.ts): at RCPT whether a token is an account's and within its hourly limit (550, 451),
// and on PGlite (one database, in this thread) for a mail read its writes (takeMail), with the exact SMTP answer
// (answer-mail.ts): a mail whose writes failed 451 (nothing was written: the retry logs it once), one whose every
// address was rotated since RCPT 550. On PostgreSQL the thread writes each mail itself (thread-writer.ts).
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { CAPTURE_LIMITS } from '../../../shared/capture.js';
import type { TlsFiles } from '../../config.js';
import type { CaptureWriter } from './capture-store.js';
import type { CaptureTokens } from './capture-tokens.js';
import { publishChanges } from '../lists/list-change.js';
import { answerMail } from './answer-mail.js';
import { NO_SUCH_ADDRESS, type FromListener, type ListenerSettings, type Question, type SmtpAnswer, type ToListener } from './listener-messages.js';
import { MailLane } from './mail-lane.js';
import type { MailLimit } from './mail-limit.js';
import type { ReadMail } from './read-mail.js';

export interface CaptureListener {
  /** Starts taking mail; answers the port bound (`port` 0 asks the system for one). */
  listen(port: number, host: string): Promise<number>;
  /** The port it listens on, null while it does not. */
  readonly port: number | null;
  /** Takes no new connection, lets the mails being written finish (a few seconds at most), then closes the rest. */
  close(): Promise<void>;
}

export interface ListenerOptions {
  writer: CaptureWriter;
  log: FastifyBaseLogger;
  captureDomain: string;
  limit: MailLimit;
  /** The accounts of capture tokens, as RCPT checks them. */
  tokens: CaptureTokens;
  tls: TlsFiles | undefined;
  /** How long close waits for mails being written. */
  closeGraceMs?: number;
  /** The listener's questions answered at once (mail-lane.ts). */
  answersAtOnce: number;
  /**
   * PostgreSQL's URL: the listener's thread writes each mail itself, on a pool of its own of `answersAtOnce`
   * connections (thread-writer.ts), so a mail's statements and their results are not the app's event loop's work.
   */
  databaseUrl?: string;
  /** The app's requests being answered: a mail's writes wait for a moment with none (quiet-moment.ts). */
  requestsInFlight: Int32Array;
}

const TRY_LATER = {
  recipient: 'The address cannot be checked just now: try again later',
  mail: 'The mail could not be taken just now: try again later',
};

export function captureListener(options: ListenerOptions): CaptureListener {
  const { writer, log, captureDomain, limit, tokens } = options;
  const lane = new MailLane(options.answersAtOnce);
  const settings: ListenerSettings = {
    captureDomain,
    tls: options.tls,
    closeGraceMs: options.closeGraceMs ?? 5000,
    requestsInFlight: options.requestsInFlight,
    writes: options.databaseUrl
      ? { databaseUrl: options.databaseUrl, atOnce: options.answersAtOnce, notifyOnCommit: writer.listFeed.notifyOnCommit !== undefined }
      : undefined,
  };
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

  async function mail(addressed: string[], read: ReadMail): Promise<SmtpAnswer> {
    const failed = (error: unknown) => log.error({ err: error }, 'capture: a mail could not be logged');
    let believed;
    try {
      // The accounts RCPT found (kept a few seconds).
      believed = await Promise.all(addressed.map(async (token) => ({ token, believed: await tokens.accountOf(token) })));
    } catch (error) {
      failed(error);
      return { code: 451, text: 'The mail could not be logged just now: try again later' };
    }
    return answerMail(writer, captureDomain, believed, read, failed, options.requestsInFlight);
  }

  function answer(thread: Worker, id: number, question: Question) {
    const work = lane.run(() => (question.kind === 'recipient' ? recipient(question.token) : mail(question.tokens, question.read)));
    void work
      .catch((error: unknown): SmtpAnswer => {
        log.error({ err: error }, `capture: a ${question.kind} could not be taken`);
        return { code: 451, text: TRY_LATER[question.kind] };
      })
      .then((said) => thread.postMessage({ kind: 'answer', id, answer: said } satisfies ToListener));
  }

  /** A thread listening at `at`; `listening` hears of its port, or why it has none. */
  function start(at: { port: number; host: string }, listening: { resolve(port: number): void; reject(error: Error): void }) {
    const thread = new Worker(new URL('./smtp-thread-start.mjs', import.meta.url), { workerData: settings });
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
      start({ port: held.bound, host: at.host }, { resolve: () => {}, reject: (error) => log.error({ err: error }, 'capture listener: could not listen again') });
    });
    thread.postMessage({ kind: 'listen', ...at } satisfies ToListener);
  }

  return {
    get port() {
      return current?.bound ?? null;
    },
    listen(port, host) {
      return new Promise((resolve, reject) => start({ port, host }, { resolve, reject }));
    },
    async close() {
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
