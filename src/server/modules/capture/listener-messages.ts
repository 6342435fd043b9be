// What the capture listener's thread (smtp-thread.ts: the SMTP sessions, the reading of each mail and its writes) and
// the app's thread (smtp-listener.ts: the token and the hourly limit) say to each other. Each message is small: a
// token, an answer, a change to publish.
import type { MessagePort } from 'node:worker_threads';
import type { TlsFiles } from '../../config.js';

export const NO_SUCH_ADDRESS = 'No such capture address here (it may have been rotated)';

/** What the thread is started with. */
export interface ListenerSettings {
  captureDomain: string;
  tls: TlsFiles | undefined;
  /** How long close waits for the mails being written. */
  closeGraceMs: number;
  /**
   * The thread writes each mail itself (thread-writer.ts), `atOnce` at a time: on PostgreSQL on a pool of its own, on
   * PGlite on a connection of its own to the database's thread (transferred with the settings); `notifyOnCommit` when
   * the lists' feed is PostgreSQL's (the lists' streams told in the mail's own statement), else each change is posted
   * to the app's thread to publish.
   */
  writes: { database: { url: string } | { pglite: MessagePort }; atOnce: number; notifyOnCommit: boolean };
  /** The app's requests being answered (plugins/requests-in-flight.ts): a mail's writes wait for a moment with none. */
  requestsInFlight: Int32Array;
}

/** An SMTP answer: `code` a refusal's (550, 451, …); none, the mail or recipient is taken (250 with `text`). */
export interface SmtpAnswer {
  code?: number;
  text: string;
  /** A recipient taken: the account its token names (as the app's thread found it lately). */
  account?: number;
}

/** From the app's thread to the listener's. */
export type ToListener =
  | { kind: 'listen'; port: number; host: string }
  | { kind: 'answer'; id: number; answer: SmtpAnswer }
  | { kind: 'close' };

/** What the listener's thread asks the app's, which answers each (`answer`, by its id). */
export type Question =
  /** RCPT TO a capture address: is its token an account's now, within its hourly limit? */
  { kind: 'recipient'; token: string };

/** From the listener's thread to the app's. */
export type FromListener =
  | { kind: 'listening'; port: number }
  | { kind: 'listen-failed'; message: string; code: string | undefined }
  | (Question & { id: number })
  | { kind: 'log'; level: 'warn' | 'error'; message: string; error: { name: string; message: string; stack?: string } }
  /** A mail the thread wrote changed the list up to this event: the app's feed publishes it (a feed without notifyOnCommit). */
  | { kind: 'publish'; listId: number; eventId: number }
  | { kind: 'closed' };
