// Forwards read for the original mail: Gmail, Outlook and Apple Mail, in English and French or German
// (tests/fixtures/mail/), and one attached whole.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { forwardDate, forwardedOriginal } from '../../src/server/modules/capture/forwards.js';
import { parseMail } from '../../src/server/modules/capture/mail-parse.js';

const receivedAt = new Date('2024-02-01T00:00:00Z');
const fixture = (name: string) => readFileSync(new URL(`../fixtures/mail/${name}`, import.meta.url));

describe('forwardedOriginal', () => {
  it.each([
    ['gmail-en.eml', 'Re: Intro to Acme', 'Hi Ada, happy to chat next week.'],
    ['gmail-fr.eml', 'Re: Présentation', 'Bonjour Ada, avec plaisir'],
    ['outlook-en.eml', 'Re: Intro to Acme', 'Hi Ada – happy to chat next week.'],
    ['outlook-de.eml', 'Re: Vorstellung', 'Hallo Ada, gerne nächste Woche.'],
    ['apple-en.eml', 'Re: Intro to Acme', 'Hi Ada, happy to chat next week.'],
    ['apple-fr.eml', 'Re: Intro', 'Bonjour Ada'],
  ])('%s: the original sender, subject, date and text', async (file, subject, text) => {
    const forward = await parseMail(fixture(file), receivedAt);
    expect(forward.mail.from.address).toBe('ada@acme.io');
    const original = forwardedOriginal(forward, receivedAt)!;
    expect(original.mail.from).toEqual({ address: 'jane@sequoia.com', name: 'Jane Investor' });
    expect(original.mail.to.map((entry) => entry.address)).toEqual(['ada@acme.io']);
    expect(original.mail.subject).toBe(subject);
    expect(original.mail.text.startsWith(text)).toBe(true);
    // Written on 8 January 2024 (the forward is of the 9th).
    expect(original.mail.date.toISOString().slice(0, 10)).toBe('2024-01-08');
    // The same forward read twice is the same mail.
    expect(forwardedOriginal(await parseMail(fixture(file), receivedAt), receivedAt)!.mail.messageId).toBe(original.mail.messageId);
  });

  it('keeps the Cc of a forwarded mail, and the thread the forward names', async () => {
    const original = forwardedOriginal(await parseMail(fixture('gmail-en.eml'), receivedAt), receivedAt)!;
    expect(original.mail.cc).toEqual([{ address: 'bob@sequoia.com', name: 'Bob Partner' }]);
    expect(original.mail.repliesTo).toEqual(['<jane-reply-1@sequoia.com>', '<ada-intro-1@acme.io>']);
  });

  it('reads a mail attached whole with its own Message-ID', async () => {
    const inner = ['From: Jane <jane@sequoia.com>', 'To: ada@acme.io', 'Subject: Term sheet', 'Date: Mon, 8 Jan 2024 10:00:00 +0000', 'Message-ID: <ts-1@sequoia.com>', '', 'Attached.'].join('\r\n');
    const outer = [
      'From: ada@acme.io', 'To: log+tok@capture.test', 'Subject: Fwd: Term sheet', 'Message-ID: <o@acme.io>', 'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"', '', '--b', 'Content-Type: text/plain', '', 'see attached', '--b',
      'Content-Type: message/rfc822', 'Content-Disposition: attachment; filename="ts.eml"', '', inner, '--b--', '',
    ].join('\r\n');
    const original = forwardedOriginal(await parseMail(Buffer.from(outer), receivedAt), receivedAt)!;
    expect(original.mail).toMatchObject({ messageId: '<ts-1@sequoia.com>', subject: 'Term sheet', from: { address: 'jane@sequoia.com' } });
  });

  it('finds no original in a mail that forwards none', async () => {
    const plain = Buffer.from('From: ada@acme.io\r\nTo: jane@sequoia.com\r\nSubject: Hello\r\n\r\nJust a note.\r\n');
    expect(forwardedOriginal(await parseMail(plain, receivedAt), receivedAt)).toBeNull();
  });
});

describe('forwardDate', () => {
  it('reads the clients’ dates in several languages', () => {
    expect(forwardDate('Mon, Jan 8, 2024 at 10:15 PM')?.getHours()).toBe(22);
    expect(forwardDate('8 janvier 2024 à 10:15:02 UTC+1')?.toISOString()).toBe('2024-01-08T09:15:02.000Z');
    expect(forwardDate('Montag, 8. Januar 2024 10:15')?.getDate()).toBe(8);
    expect(forwardDate('sometime')).toBeNull();
    expect(forwardDate(null)).toBeNull();
  });
});
