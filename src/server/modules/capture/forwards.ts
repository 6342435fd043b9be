// The original mail inside a forward: one attached whole (message/rfc822, its own headers), or one quoted in the
// text under a forward's header block, as Gmail, Outlook, Apple Mail and others write it in many languages. The
// quoted one is read by crisp-oss's email-forward-parser (maintained; the clients' markers in a dozen languages).
import EmailForwardParser from 'email-forward-parser';
import { CAPTURE_LIMITS, type MailParty } from '../../../shared/capture.js';
import { folded, keptDate, party, stableMessageId, type ParsedCapture } from './mail-parse.js';

const forwardParser = new EmailForwardParser();

/** A forward's subject prefix, in the clients' languages, however many times over. */
const FORWARD_PREFIX = /^\s*((fwd?|fw|tr|wg|rv|enc|i|vs|vl|doorst|pd|rif|trs|fs|转发|轉寄|転送)\s*:\s*)+/i;

const MONTHS: Record<string, number> = {};
const monthNames: string[][] = [
  ['jan', 'janv', 'januar', 'janvier', 'enero', 'ene', 'gennaio', 'gen', 'januari', 'jänner'],
  ['feb', 'févr', 'fevr', 'februar', 'février', 'febrero', 'febbraio', 'februari'],
  ['mar', 'mars', 'märz', 'maerz', 'marzo', 'mrt', 'maart'],
  ['apr', 'avr', 'april', 'avril', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei'],
  ['jun', 'juin', 'juni', 'junio', 'giugno', 'giu'],
  ['jul', 'juil', 'juli', 'juillet', 'julio', 'luglio', 'lug'],
  ['aug', 'août', 'aout', 'august', 'agosto', 'ago', 'augustus'],
  ['sep', 'sept', 'september', 'septembre', 'septiembre', 'settembre', 'set'],
  ['oct', 'okt', 'oktober', 'octobre', 'octubre', 'ottobre', 'ott'],
  ['nov', 'november', 'novembre', 'noviembre'],
  ['dec', 'déc', 'dez', 'dezember', 'décembre', 'diciembre', 'dic', 'dicembre', 'december'],
];
monthNames.forEach((names, month) => names.forEach((name) => (MONTHS[name] = month)));

/**
 * A forward header's date as the client wrote it: "Mon, Jan 8, 2024 at 10:15 AM", "Monday, January 8, 2024 10:15
 * AM", "8 January 2024 at 10:15:02 GMT+1", "lun. 8 janv. 2024 à 10:15", "Mo., 8. Jan. 2024 um 10:15". A date
 * without a zone is taken in the server's time zone. null when none is found.
 */
export function forwardDate(text: string | null | undefined): Date | null {
  if (!text) return null;
  const english = Date.parse(text.replace(/\s+at\s+/i, ' ').replace(/\s+GMT([+-]\d+)(?::?(\d\d))?\b/, ' GMT$1$2'));
  if (!Number.isNaN(english)) return new Date(english);
  const words = text.toLowerCase().replace(/[.,]/g, ' ');
  const dayFirst = /(\d{1,2})\s+(?:de\s+)?([\p{L}]+)\s+(?:de\s+)?(\d{4})\D+(\d{1,2})[:h](\d\d)(?::(\d\d))?\s*(am|pm)?/u.exec(words);
  const monthFirst = /([\p{L}]+)\s+(\d{1,2})\s+(\d{4})\D+(\d{1,2})[:h](\d\d)(?::(\d\d))?\s*(am|pm)?/u.exec(words);
  const found = dayFirst && MONTHS[dayFirst[2]] !== undefined
    ? { day: dayFirst[1], month: MONTHS[dayFirst[2]], rest: dayFirst.slice(3) }
    : monthFirst && MONTHS[monthFirst[1]] !== undefined
      ? { day: monthFirst[2], month: MONTHS[monthFirst[1]], rest: monthFirst.slice(3) }
      : null;
  if (!found) return null;
  const [year, hour, minute, second, half] = found.rest;
  let hours = Number(hour) % (half ? 12 : 24);
  if (half === 'pm') hours += 12;
  const zone = /\b(?:gmt|utc)\s*([+-])(\d{1,2})(?::?(\d\d))?/.exec(words) ?? (/\b(?:gmt|utc)\b/.test(words) ? ['', '+', '0'] : null);
  const date = zone
    ? new Date(Date.UTC(Number(year), found.month, Number(found.day), hours, Number(minute), Number(second ?? 0)) -
        (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3] ?? 0)) * 60_000)
    : new Date(Number(year), found.month, Number(found.day), hours, Number(minute), Number(second ?? 0));
  return Number.isNaN(date.getTime()) ? null : date;
}

function mailboxes(value: { address: string | null; name: string | null } | Array<{ address: string | null; name: string | null }> | null | undefined): MailParty[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.map((entry) => party(entry.address, entry.name)).filter((entry): entry is MailParty => entry !== null);
}

/**
 * The mail forwarded in this one, or null when it forwards none: an attached mail first (its own Message-ID and
 * headers), else the one quoted under a forward header. The quoted one has no Message-ID of its own: it is given
 * the hash of its From, Date and subject, so two forwards of it are one mail; it answers what the forward's own
 * In-Reply-To and References name (clients set them to the forwarded mail's thread).
 */
export function forwardedOriginal(forward: ParsedCapture, receivedAt: Date): ParsedCapture | null {
  if (forward.attached.length > 0) return forward.attached[0];
  if (forward.body.trim() === '') return null;
  // The parser also reads the subject's prefix, and misses some ("TR : " as French clients space it): the body's
  // forward header alone is then enough.
  let read = forwardParser.read(forward.body, forward.mail.subject);
  if (!read.forwarded) read = forwardParser.read(forward.body);
  if (!read.forwarded) return null;
  const from = party(read.email.from?.address, read.email.from?.name);
  if (!from) return null;
  const subject = folded(read.email.subject ?? forward.mail.subject.replace(FORWARD_PREFIX, ''), CAPTURE_LIMITS.subjectChars);
  const written = forwardDate(read.email.date);
  const body = read.email.body ?? '';
  return {
    mail: {
      messageId: stableMessageId(from.address, written ?? read.email.date ?? null, subject),
      from,
      to: mailboxes(read.email.to),
      cc: mailboxes(read.email.cc),
      date: keptDate(written ?? forward.mail.date, receivedAt),
      subject,
      text: folded(body, CAPTURE_LIMITS.snippetChars),
      repliesTo: forward.mail.repliesTo,
    },
    body,
    attached: [],
    autoForwardedBy: null,
  };
}
