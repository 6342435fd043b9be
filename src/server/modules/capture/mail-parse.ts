// One raw mail read into what capture keeps of it: who wrote it to whom, when, its subject and the start of its
// text, and what it answers. Nothing else of the mail outlives this (no body, attachment or raw byte is stored).
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type EmailAddress, type ParsedMail } from 'mailparser';
import { CAPTURE_LIMITS, type MailParty } from '../../../shared/capture.js';
import { EMAIL_MAX_LENGTH } from '../../../shared/form-rules.js';
import { storable } from '../../db/unstorable-text.js';

/** Raised for a mail that cannot be logged as it is: SMTP answers 554 with `reason`, the HTTP intake 422. */
export class UnreadableMail extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** What capture reads of one mail (or of a mail forwarded inside it). */
export interface MailFacts {
  messageId: string;
  from: MailParty;
  to: MailParty[];
  cc: MailParty[];
  date: Date;
  subject: string;
  /** The start of its text (HTML-only: the text of the HTML), whitespace folded. */
  text: string;
  /** In-Reply-To, then References, each once. */
  repliesTo: string[];
}

/** A parsed mail and what it carries as an attachment that is itself a mail (a forward as attachment). */
export interface ParsedCapture {
  mail: MailFacts;
  /** The full text, for reading a forward from it (not kept). */
  body: string;
  /** Mails attached whole (message/rfc822), parsed the same way, a few at most. */
  attached: ParsedCapture[];
  /** Whose mailbox forwarded it by a rule, as Gmail says it (`X-Forwarded-For: her@… log+…@…`); null for none. */
  autoForwardedBy: string | null;
}

/** Header bytes a mail may carry: past it the mail is refused (554), not parsed. */
export const MAX_HEADER_BYTES = 256 * 1024;
/** Levels of mails attached within mails read. */
const MAX_ATTACHED_DEPTH = 3;
/** Text read for a forward's header block and the snippet: a forward's header sits near its top. */
const BODY_CHARS_READ = 64 * 1024;
/** Longest Message-ID kept (RFC 5322's line length); a longer one is hashed. */
const MAX_MESSAGE_ID = 998;
/** Recipients read of one mail's To and Cc together. */
const MAX_RECIPIENTS = 1000;

const EMAIL = /^[^\s\p{Cc}@<>()",;:]+@[^\s\p{Cc}@<>()",;:]+\.[^\s\p{Cc}@<>()",;:]+$/u;

/** The first `max` characters of storable text, a surrogate pair never cut in two. */
function cut(text: string, max: number): string {
  const head = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(head) ? head.slice(0, -1) : head;
}

/** An address as capture compares it: trimmed, lower-cased; null when it is no address. */
export function normalAddress(address: string | null | undefined): string | null {
  const value = (address ?? '').trim().replace(/^mailto:/i, '').toLowerCase();
  return EMAIL.test(value) && value.length <= EMAIL_MAX_LENGTH ? value : null;
}

export function party(address: string | null | undefined, name: string | null | undefined): MailParty | null {
  const normal = normalAddress(address);
  return normal ? { address: normal, name: cut(storable(name ?? '').trim(), 200) } : null;
}

function flatten(addresses: EmailAddress[], into: MailParty[]): void {
  for (const entry of addresses) {
    if (into.length >= MAX_RECIPIENTS) return;
    if (entry.group) flatten(entry.group, into);
    else {
      const found = party(entry.address, entry.name);
      if (found) into.push(found);
    }
  }
}

function parties(field: AddressObject | AddressObject[] | undefined): MailParty[] {
  const found: MailParty[] = [];
  for (const object of Array.isArray(field) ? field : field ? [field] : []) flatten(object.value, found);
  return found;
}

/** Whitespace folded, cut to `max` characters. */
export function folded(text: string, max: number): string {
  return cut(storable(text).replace(/\s+/g, ' ').trim(), max);
}

/** A mail's date as kept: its own, else when it arrived; one in the future is taken as now. */
export function keptDate(date: Date | undefined | null, receivedAt: Date): Date {
  if (!date || Number.isNaN(date.getTime())) return receivedAt;
  return date.getTime() > receivedAt.getTime() ? receivedAt : date;
}

/** A Message-ID for a mail that has none (or a forward's original): the same From, Date and Subject, the same id. */
export function stableMessageId(from: string, date: Date | string | null, subject: string): string {
  const when = date instanceof Date ? date.toISOString() : (date ?? '');
  const hash = createHash('sha256')
    .update(`${from}\n${when}\n${subject}`)
    .digest('base64url')
    .slice(0, 32);
  return `<${hash}@capture.fundscape>`;
}

function messageIdOf(raw: string | undefined, from: string, date: Date | null, subject: string): string {
  const value = storable(raw ?? '').trim();
  if (value === '') return stableMessageId(from, date, subject);
  return value.length > MAX_MESSAGE_ID ? `<${createHash('sha256').update(value).digest('base64url')}@long.fundscape>` : value;
}

function repliesOf(parsed: ParsedMail): string[] {
  const references = Array.isArray(parsed.references) ? parsed.references : parsed.references ? [parsed.references] : [];
  const ids = [...(parsed.inReplyTo ? parsed.inReplyTo.split(/\s+/) : []), ...references.flatMap((entry) => entry.split(/\s+/))];
  return [...new Set(ids.map((id) => storable(id).trim()).filter((id) => id !== '' && id.length <= MAX_MESSAGE_ID))].slice(0, 50);
}

/** Where the header ends (the first empty line), or -1 when the first MAX_HEADER_BYTES hold none. */
function headerEnd(raw: Buffer): number {
  const window = raw.subarray(0, MAX_HEADER_BYTES + 4);
  const crlf = window.indexOf('\r\n\r\n');
  const lf = window.indexOf('\n\n');
  const ends = [crlf, lf].filter((at) => at >= 0);
  return ends.length === 0 ? -1 : Math.min(...ends);
}

async function parseOne(raw: Buffer, receivedAt: Date, depth: number): Promise<ParsedCapture> {
  if (raw.length > MAX_HEADER_BYTES && headerEnd(raw) < 0) {
    throw new UnreadableMail(`Its header is longer than ${MAX_HEADER_BYTES / 1024} KB`);
  }
  let parsed: ParsedMail;
  try {
    // Nothing is kept of an HTML version of the text, nor of an attachment but a mail attached whole: neither is made
    // (textAsHtml) nor hashed (checksumAlgo).
    parsed = await simpleParser(raw, {
      skipImageLinks: true,
      skipTextLinks: true,
      skipTextToHtml: true,
      checksumAlgo: false,
      maxHtmlLengthToParse: 2 * 1024 * 1024,
    });
  } catch (error) {
    throw new UnreadableMail(`Its MIME structure cannot be read (${(error as Error).message.slice(0, 120)})`);
  }
  if (parsed.headers.size === 0) throw new UnreadableMail('It has no mail header');
  const fromParties = parties(parsed.from);
  if (fromParties.length === 0) throw new UnreadableMail('It has no From address');
  const from = fromParties[0];
  const subject = folded(parsed.subject ?? '', CAPTURE_LIMITS.subjectChars);
  const ownDate = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null;
  const body = (parsed.text ?? '').slice(0, BODY_CHARS_READ);
  const attached: ParsedCapture[] = [];
  if (depth < MAX_ATTACHED_DEPTH) {
    for (const attachment of parsed.attachments.filter((entry) => entry.contentType === 'message/rfc822').slice(0, 3)) {
      try {
        attached.push(await parseOne(attachment.content, receivedAt, depth + 1));
      } catch (error) {
        if (!(error instanceof UnreadableMail)) throw error;
      }
    }
  }
  return {
    mail: {
      messageId: messageIdOf(parsed.messageId, from.address, ownDate, subject),
      from,
      to: parties(parsed.to),
      cc: parties(parsed.cc),
      date: keptDate(ownDate, receivedAt),
      subject,
      text: folded(body, CAPTURE_LIMITS.snippetChars),
      repliesTo: repliesOf(parsed),
    },
    body,
    attached,
    autoForwardedBy: normalAddress(String(parsed.headers.get('x-forwarded-for') ?? '').trim().split(/[\s,]+/)[0]),
  };
}

/** Reads a raw mail; UnreadableMail says why one cannot be. */
export function parseMail(raw: Buffer, receivedAt: Date): Promise<ParsedCapture> {
  if (raw.length === 0) return Promise.reject(new UnreadableMail('It is empty'));
  return parseOne(raw, receivedAt, 0);
}
