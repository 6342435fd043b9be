// A mail read, for the capture addresses of its envelope, taken and answered as SMTP says it, by the listener's own
// thread (thread-writer.ts).
import type { CaptureWriter } from './capture-store.js';
import { takeMail } from './intake.js';
import { NO_SUCH_ADDRESS, type SmtpAnswer } from './listener-messages.js';
import { quietMoment } from './quiet-moment.js';
import type { ReadMail } from './read-mail.js';

/** A capture address of the envelope: its token, and the account it was found to be lately (null: none). */
export interface Addressed {
  token: string;
  believed: number | null;
}

/**
 * Logs the mail for each account addressed: 250 with the rows it went on; 451 when the writes failed (nothing was
 * written: the retry logs it once); 550 when every address it was sent to was rotated since RCPT (at another
 * instance, whose rotation this one's cache missed).
 */
export async function answerMail(
  writer: CaptureWriter,
  captureDomain: string,
  addressed: Addressed[],
  read: ReadMail,
  failed: (error: unknown) => void,
  /** The app's requests being answered: the writes start in a moment with none (quiet-moment.ts). */
  requestsInFlight: Int32Array,
): Promise<SmtpAnswer> {
  await quietMoment(requestsInFlight);
  let rows = 0;
  let taken = 0;
  for (const { token, believed } of addressed) {
    let logged;
    try {
      // takeMail checks the token against the account believed again as it reads her.
      logged = believed === null ? null : await takeMail(writer, captureDomain, token, believed, read);
    } catch (error) {
      failed(error);
      return { code: 451, text: 'The mail could not be logged just now: try again later' };
    }
    if (logged === null) continue;
    taken++;
    rows += logged.rows;
  }
  if (taken === 0) return { code: 550, text: NO_SUCH_ADDRESS };
  return { text: `Taken (${rows} row${rows === 1 ? '' : 's'})` };
}
