// A raw mail read into what taking it needs, with no database: its facts, the mails it forwards (each inside the
// last) and a Gmail forwarding confirmation's code and link. The listener's thread reads it (mailparser and the
// forward parser are the CPU of a mail), then decides with her addresses which mail she meant and writes it
// (intake.ts); the HTTP intake does the same on the app's thread.
import { CAPTURE_LIMITS } from '../../../shared/capture.js';
import { forwardedOriginal } from './forwards.js';
import { parseMail, type MailFacts, type ParsedCapture } from './mail-parse.js';

/** Levels of forwards inside forwards read for the mail she meant. */
export const MAX_FORWARD_DEPTH = 3;

/** One mail as the intake takes it. */
export interface ReadMail {
  mail: MailFacts;
  /** The mail it forwards, then the one that one forwards, and so on: MAX_FORWARD_DEPTH + 1 at most. */
  forwarded: MailFacts[];
  /** Whose mailbox forwarded it by a rule, as Gmail says it (`X-Forwarded-For: her@… log+…@…`); null for none. */
  autoForwardedBy: string | null;
  /** Gmail's confirmation of a forwarding rule: its subject and text lower-cased (for her address), and its facts cut to the code and link. */
  gmailConfirmation: { said: string; mail: MailFacts } | null;
}

/** Who sends Gmail's "Forwarding Confirmation", the mail a forwarding rule to the capture address must be confirmed by. */
const GMAIL_FORWARDING = 'forwarding-noreply@google.com';
const GMAIL_CODE = /confirmation code:\s*(\d{6,12})/i;
const GMAIL_LINK = /https:\/\/mail(?:-settings)?\.google\.com\/mail\/[^\s<>"]+/i;

/** Gmail's forwarding confirmation cut to its code and link (a forged one can show no other text or link); null for any other mail. */
function gmailConfirmation(parsed: ParsedCapture): ReadMail['gmailConfirmation'] {
  const { mail } = parsed;
  if (mail.from.address !== GMAIL_FORWARDING || !/forwarding confirmation/i.test(mail.subject)) return null;
  const code = GMAIL_CODE.exec(parsed.body)?.[1];
  const link = GMAIL_LINK.exec(parsed.body)?.[0];
  if (!code && !link) return null;
  const text = [code ? `Confirmation code: ${code}` : '', link ? `Confirm: ${link}` : ''].filter(Boolean).join(' · ');
  return { said: `${mail.subject}\n${parsed.body}`.toLowerCase(), mail: { ...mail, text: text.slice(0, CAPTURE_LIMITS.snippetChars) } };
}

/** Reads a raw mail; UnreadableMail says why one cannot be. */
export async function readMail(raw: Buffer, receivedAt: Date): Promise<ReadMail> {
  const parsed = await parseMail(raw, receivedAt);
  const forwarded: MailFacts[] = [];
  for (let current = forwardedOriginal(parsed, receivedAt); current; ) {
    forwarded.push(current.mail);
    current = forwarded.length > MAX_FORWARD_DEPTH ? null : forwardedOriginal(current, receivedAt);
  }
  return { mail: parsed.mail, forwarded, autoForwardedBy: parsed.autoForwardedBy, gmailConfirmation: gmailConfirmation(parsed) };
}
