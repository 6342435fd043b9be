// A raw mail read for what capture keeps: encoded words in several charsets, HTML-only text, missing and future
// dates, a missing Message-ID, big headers, many recipients, and what cannot be read (a clear reason); the capture
// address's token.
import { describe, expect, it } from 'vitest';
import { captureToken } from '../../src/server/modules/capture/address-token.js';
import { normalAddress, parseMail, UnreadableMail, MAX_HEADER_BYTES } from '../../src/server/modules/capture/mail-parse.js';

const receivedAt = new Date('2024-02-01T12:00:00Z');
const mail = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

describe('parseMail', () => {
  it.each([
    ['UTF-8', '=?UTF-8?B?w5xiZXIgZGllIFJ1bmRlIOKCrA==?=', 'Über die Runde €'],
    ['ISO-8859-1', '=?ISO-8859-1?Q?R=E9union_=E0_Paris?=', 'Réunion à Paris'],
    ['Windows-1252', '=?windows-1252?Q?=93Seed=94_round_=96_update?=', '“Seed” round – update'],
    ['Shift_JIS', '=?Shift_JIS?B?k/qWe4zq?=', '日本語'],
  ])('decodes a %s subject', async (_charset, encoded, decoded) => {
    const parsed = await parseMail(mail('From: ada@acme.io', 'To: jane@sequoia.com', `Subject: ${encoded}`, '', 'Hi'), receivedAt);
    expect(parsed.mail.subject).toBe(decoded);
  });

  it('reads the text of an HTML-only mail, cut to 280 characters, and the subject to 300', async () => {
    const long = 'word '.repeat(200);
    const parsed = await parseMail(
      mail('From: ada@acme.io', 'To: jane@sequoia.com', `Subject: ${'S'.repeat(400)}`, 'Content-Type: text/html; charset=utf-8', '', `<p>Hello <b>Jane</b></p><p>${long}</p>`),
      receivedAt,
    );
    expect(parsed.mail.text.startsWith('Hello Jane word word')).toBe(true);
    expect(parsed.mail.text).toHaveLength(280);
    expect(parsed.mail.subject).toHaveLength(300);
  });

  it('takes the time received for a missing date and now for a future one; a stable id for a missing Message-ID', async () => {
    const noDate = await parseMail(mail('From: ada@acme.io', 'To: jane@sequoia.com', 'Subject: x', '', 'Hi'), receivedAt);
    expect(noDate.mail.date).toEqual(receivedAt);
    const future = await parseMail(mail('From: ada@acme.io', 'Date: Mon, 1 Jan 2035 10:00:00 +0000', 'Subject: x', '', 'Hi'), receivedAt);
    expect(future.mail.date).toEqual(receivedAt);
    const a = await parseMail(mail('From: ada@acme.io', 'Date: Mon, 8 Jan 2024 10:00:00 +0000', 'Subject: x', '', 'Hi'), receivedAt);
    const b = await parseMail(mail('From: ADA@acme.io', 'Date: Mon, 8 Jan 2024 10:00:00 +0000', 'Subject: x', '', 'Other text'), receivedAt);
    expect(a.mail.messageId).toBe(b.mail.messageId);
    expect(a.mail.date.toISOString()).toBe('2024-01-08T10:00:00.000Z');
  });

  it('reads In-Reply-To then References, each once', async () => {
    const parsed = await parseMail(
      mail('From: jane@sequoia.com', 'Message-ID: <r@s>', 'In-Reply-To: <b@y>', 'References: <a@x> <b@y>', 'Subject: Re: x', '', 'Yes'),
      receivedAt,
    );
    expect(parsed.mail.repliesTo).toEqual(['<b@y>', '<a@x>']);
    expect(parsed.mail.messageId).toBe('<r@s>');
  });

  it('reads 100 KB of headers and 1,000 recipients in groups and lists', async () => {
    const recipients = Array.from({ length: 1000 }, (_, i) => `p${i}@firm${i}.com`);
    const padding = Array.from({ length: 1200 }, (_, i) => `X-Padding-${i}: ${'x'.repeat(80)}`);
    const parsed = await parseMail(
      mail('From: ada@acme.io', `To: ${recipients.slice(0, 500).join(', ')}`, `Cc: Team: ${recipients.slice(500).join(', ')};`, ...padding, 'Subject: Big', '', 'Hi'),
      receivedAt,
    );
    expect(parsed.mail.to.length + parsed.mail.cc.length).toBe(1000);
    expect(parsed.mail.subject).toBe('Big');
  });

  it.each([
    ['an empty mail', Buffer.alloc(0), 'It is empty'],
    ['bytes with no header', Buffer.from([0, 1, 2, 3, 255, 254]), 'It has no'],
    ['a mail with no From', mail('To: jane@sequoia.com', 'Subject: x', '', 'Hi'), 'It has no From address'],
    ['a header past the limit', Buffer.from(`X-Long: ${'y'.repeat(MAX_HEADER_BYTES + 10)}`), 'Its header is longer than'],
  ])('refuses %s with why', async (_what, raw, reason) => {
    const refused = await parseMail(raw, receivedAt).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(UnreadableMail);
    expect((refused as UnreadableMail).reason).toContain(reason);
  });

  it('reads malformed MIME as far as it goes (an unterminated multipart)', async () => {
    const parsed = await parseMail(
      mail('From: ada@acme.io', 'To: jane@sequoia.com', 'Subject: Broken', 'Content-Type: multipart/mixed; boundary="zz"', '', '--zz', 'Content-Type: text/plain', '', 'Partial body'),
      receivedAt,
    );
    expect(parsed.mail.text).toBe('Partial body');
  });

  it('keeps only what PostgreSQL can store: NULs dropped, lone surrogates made U+FFFD, a pair never cut in two', async () => {
    const loneSurrogate = `=?UTF-16BE?B?${Buffer.from([0xd8, 0x00, 0x00, 0x41]).toString('base64')}?=`;
    const name = `=?UTF-8?B?${Buffer.from(`Ada\u0000 ${'a'.repeat(195)}😀`).toString('base64')}?=`;
    const parsed = await parseMail(
      mail(
        `From: ${name} <ada@acme.io>`,
        'To: Jane <jane@sequoia.com>',
        `Subject: Seed\u0000 round ${loneSurrogate}`,
        'Message-ID: <id\u0000@acme.io>',
        'In-Reply-To: <re\u0000ply@sequoia.com>',
        '',
        'Hi\u0000 Jane',
      ),
      receivedAt,
    );
    expect(parsed.mail.subject).toBe('Seed round \ufffdA');
    expect(parsed.mail.text).toBe('Hi Jane');
    expect(parsed.mail.messageId).toBe('<id@acme.io>');
    expect(parsed.mail.repliesTo).toEqual(['<reply@sequoia.com>']);
    expect(parsed.mail.from.name).toBe(`Ada ${'a'.repeat(195)}`);
    expect(parsed.mail.to).toEqual([{ address: 'jane@sequoia.com', name: 'Jane' }]);
    expect(normalAddress('ja\u0000ne@sequoia.com')).toBeNull();
    expect(JSON.stringify(parsed.mail)).not.toMatch(/\\u0000|\\ud[89ab]/);
  });
});

describe('captureToken', () => {
  it('reads log+TOKEN at the capture domain in any case, the token exactly', () => {
    expect(captureToken('log+abcdefgh234567@capture.test', 'capture.test')).toBe('abcdefgh234567');
    expect(captureToken('LOG+abcdefgh234567@Capture.TEST', 'capture.test')).toBe('abcdefgh234567');
    expect(captureToken('log+ABCDEFGH234567@capture.test', 'capture.test')).toBe('ABCDEFGH234567');
    expect(captureToken('log+abcdefgh234567@other.test', 'capture.test')).toBeNull();
    expect(captureToken('ada@capture.test', 'capture.test')).toBeNull();
    expect(captureToken('log+short@capture.test', 'capture.test')).toBeNull();
    expect(captureToken("log+abc'; DROP TABLE x;--@capture.test", 'capture.test')).toBeNull();
  });
});
