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
}

/** An SMTP answer: `code` a refusal's (550, 451, …); none, the mail or recipient is taken (250 with `text`). */
export interface SmtpAnswer {
  code?: number;
  text: string;
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
  | { kind: 'closed' };
