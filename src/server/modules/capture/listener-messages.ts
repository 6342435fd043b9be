// What the capture listener's thread (smtp-thread.ts: the SMTP sessions and the reading of each mail) and the app's
// thread (smtp-listener.ts: the token, the hourly limit and the writes) say to each other. Each message is small: a
// token, an answer, or a mail's facts (read-mail.ts), never its raw bytes.
import type { TlsFiles } from '../../config.js';
import type { ReadMail } from './read-mail.js';

export const NO_SUCH_ADDRESS = 'No such capture address here (it may have been rotated)';

/** What the thread is started with. */
export interface ListenerSettings {
  captureDomain: string;
  tls: TlsFiles | undefined;
  /** How long close waits for the mails being written. */
  closeGraceMs: number;
  /**
   * PostgreSQL only: the thread writes each mail itself (thread-writer.ts), on a pool of its own of `atOnce`
   * connections, instead of asking the app's thread; `notifyOnCommit` when the lists' feed is PostgreSQL's (the
   * lists' streams told in the mail's own statement), else each change is posted to the app's thread to publish.
   */
  writes?: { databaseUrl: string; atOnce: number; notifyOnCommit: boolean };
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
  | { kind: 'recipient'; token: string }
  /** A mail read whole, for the capture addresses (tokens) of its envelope: log it. */
  | { kind: 'mail'; tokens: string[]; read: ReadMail };

/** From the listener's thread to the app's. */
export type FromListener =
  | { kind: 'listening'; port: number }
  | { kind: 'listen-failed'; message: string; code: string | undefined }
  | (Question & { id: number })
  | { kind: 'log'; level: 'warn' | 'error'; message: string; error: { name: string; message: string; stack?: string } }
  /** A mail the thread wrote changed the list up to this event: the app's feed publishes it (a feed without notifyOnCommit). */
  | { kind: 'publish'; listId: number; eventId: number }
  | { kind: 'closed' };
