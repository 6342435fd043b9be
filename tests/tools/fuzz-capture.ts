// npx tsx tests/tools/fuzz-capture.ts [ROUNDS=500] [SEED] [-- with FUZZ_DATABASE_URL=postgres://… for PostgreSQL]
//
// Sends the capture listener what a stranger could: the forward fixtures (tests/fixtures/mail) mutated one to five
// ways at a time (bytes flipped, cut short, charsets and encoded words that are not, headers of 300 KB, thousands of
// recipients, multiparts and attached forwards nested deep, impossible dates, broken addresses, other transfer
// encodings and line ends, HTML that never closes, long References), and one session in ten protocol garbage instead
// of a mail. Each mail goes to a founder's capture address with investors of her list in it, so most reach the
// writes. What it reports as wrong: an uncaught error or a 5xx in the server, a 451 (the writes failed: an MTA would
// retry it for days), a connection cut or a reply that is not SMTP, and a listener or API that stops answering.
// A run of 500 takes about two minutes on PGlite; the seed makes the mutations repeatable.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { openDatabase } from '../../src/server/db/client.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { createMailer } from '../../src/server/mail/mailer.js';
import { CAPTURE_LIMITS } from '../../src/shared/capture.js';
import { testConfig } from '../helpers/app.js';
import { captureFounder } from '../helpers/capture.js';
import { listWith } from '../helpers/pipeline.js';

const ROUNDS = Number(process.argv[2] ?? 500);
const SEED = Number(process.argv[3] ?? Date.now() % 1_000_000);

/** A repeatable pseudo-random source (a linear congruential generator): the seed replays a run. */
let state = SEED;
const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const below = (n: number) => Math.floor(random() * n);
const pick = <T>(values: readonly T[]): T => values[below(values.length)];
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => below(256)));

interface Founder {
  email: string;
  address: string;
  investors: string[];
}

const CHARSETS = ['utf-8', 'iso-8859-1', 'windows-1252', 'shift_jis', 'utf-16', 'utf-7', 'gb18030', 'x-unknown', '', 'UTF-8"; a="b'];
const DATES = ['Tue, 9 Jan 9999 09:00:00 +0000', 'yesterday', '', 'Mon, 31 Feb 2024 25:61:61 +9999', '0', '-1e400', 'Thu, 1 Jan 1970 00:00:00 -2400'];
const ADDRESSES = ['', '<>', '"a" <@>', 'a@b@c', '=?utf-8?B?AAAA?= <x@y.z>', '\u0000@x.y', 'Undisclosed recipients:;', '"\\"<a@b.c>'];
const ENCODINGS = ['base64', 'quoted-printable', '8bit', 'x-uuencode', 'binary', '7bit'];
const FORWARD_MARKS = ['', '---------- Forwarded message ---------\n'.repeat(50), 'Begin forwarded message:', '-----Original Message-----'];
const CONTENT_TYPES = ['Content-Type: text/html', 'Content-Type: multipart/alternative; boundary=""', 'Content-Type: message/rfc822', 'Content-Type: ', 'Content-Type: text/plain; charset'];

/** One way to spoil a mail (its text as latin1, one character a byte). */
const MUTATIONS: Array<(mail: string, founder: Founder) => string> = [
  (mail) => {
    const spoiled = Buffer.from(mail, 'latin1');
    for (let i = 0; i < 1 + below(20); i++) spoiled[below(spoiled.length)] = below(256);
    return spoiled.toString('latin1');
  },
  (mail) => mail.slice(0, below(mail.length)),
  (mail) => mail.replace(/charset=[^\s;]+/i, `charset=${pick(CHARSETS)}`),
  (mail) => `Subject: =?${pick(CHARSETS)}?${pick(['B', 'Q', 'X'])}?${bytes(below(60)).toString(pick(['base64', 'hex', 'latin1'] as const))}?=\r\n${mail}`,
  (mail) => `X-Long: ${'a'.repeat(below(300_000))}\r\n${mail}`,
  (mail, founder) => `To: ${Array.from({ length: below(3000) }, (_, k) => `"n${k}" <${k % 7 ? pick(founder.investors) : `x${k}@y.z`}>`).join(', ')}\r\n${mail}`,
  (mail, founder) => {
    let body = mail;
    for (let depth = 0; depth < 1 + below(60); depth++) body = `Content-Type: multipart/mixed; boundary="b${depth}"\r\n\r\n--b${depth}\r\n${body}\r\n--b${depth}--\r\n`;
    return `From: ${founder.email}\r\nTo: ${pick(founder.investors)}\r\nMIME-Version: 1.0\r\n${body}`;
  },
  (mail, founder) => {
    let body = mail;
    for (let depth = 0; depth < 1 + below(8); depth++) {
      body = `From: ${founder.email}\r\nTo: ${founder.address}\r\nContent-Type: multipart/mixed; boundary="f${depth}"\r\n\r\n--f${depth}\r\nContent-Type: message/rfc822\r\n\r\n${body}\r\n--f${depth}--\r\n`;
    }
    return body;
  },
  (mail) => mail.replace(/^Date: .*$/im, `Date: ${pick(DATES)}`),
  (mail) => mail.replace(/^(From|To|Cc): .*$/im, (_, header: string) => `${header}: ${pick(ADDRESSES)}`),
  (mail) => mail.replace(/\r?\n\r?\n/, `\r\nContent-Transfer-Encoding: ${pick(ENCODINGS)}\r\n\r\n`),
  (mail) => mail.replace(/-{5,} ?Forwarded message ?-{5,}/i, () => pick(FORWARD_MARKS)),
  (mail) => mail + bytes(below(5000)).toString('latin1'),
  (mail) => mail.replace(/\r?\n/g, pick(['\n', '\r', '\r\n', '\n\r'])),
  (mail) => mail.replace(/Content-Type: text\/plain/i, pick(CONTENT_TYPES)) + (random() < 0.5 ? `<html><body>${'<div>'.repeat(below(20_000))}hi` : ''),
  (mail) => `In-Reply-To: ${'<a@b> '.repeat(below(20_000))}\r\nReferences: ${bytes(below(2000)).toString('latin1')}\r\n${mail}`,
];

const GARBAGE = [
  () => `${bytes(below(2000)).toString('latin1')}\r\n`,
  () => `EHLO ${'x'.repeat(below(5000))}\r\n`,
  () => `MAIL FROM:<${'a'.repeat(below(3000))}>\r\n`,
  () => `RCPT TO:<log+${bytes(30).toString('base64')}@capture.test>\r\n`,
  () => 'DATA\r\n',
  () => 'BDAT 10 LAST\r\n0123456789',
  () => 'AUTH PLAIN AAAA\r\n',
  () => 'STARTTLS\r\n',
  () => 'HELO\r\n',
  () => 'MAIL FROM:<a@b.c> SIZE=99999999999999999999\r\n',
  () => 'VRFY root\r\n',
  () => 'RSET\r\n',
  () => '\r\n',
  () => `NOOP ${'\u0000'.repeat(20)}\r\n`,
];

/** The fixture for a founder: her address as the sender, her capture address, her investors as its parties. */
function addressedTo(fixture: string, founder: Founder, round: number): string {
  return fixture
    .replace(/jane@sequoia\.com|bob@sequoia\.com|[a-z]+@[a-z]+\.(com|vc|de|fr)/gi, () => pick(founder.investors))
    .replace(/ada@acme\.io/gi, founder.email)
    .replace(/log\+TOKEN@capture\.test/g, founder.address)
    .replace(/Message-ID: <[^>]*>/i, `Message-ID: <fuzz-${SEED}-${round}@fuzz.test>`);
}

/** An SMTP client that reads whole replies (multi-line ones too); 'CLOSED' once the server has hung up. */
class SmtpSession {
  private received = '';
  private closed = false;
  private readonly waiting: Array<(reply: string) => void> = [];

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received += chunk.toString('latin1');
      this.settle();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      this.closed = true;
      this.settle();
    });
  }

  static async open(port: number): Promise<{ session: SmtpSession; greeting: string }> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => socket.once('connect', resolve));
    const session = new SmtpSession(socket);
    return { session, greeting: await session.reply() };
  }

  private settle() {
    for (;;) {
      const whole = /^(?:\d{3}-[^\n]*\n)*\d{3} [^\n]*\n/.exec(this.received);
      if (whole && this.waiting.length) {
        this.received = this.received.slice(whole[0].length);
        this.waiting.shift()!(whole[0].trim());
      } else if (this.closed && this.waiting.length) {
        const rest = this.received;
        this.received = '';
        this.waiting.shift()!(rest ? `NOT SMTP: ${rest.slice(0, 80)}` : 'CLOSED');
      } else return;
    }
  }

  reply(): Promise<string> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.settle();
    });
  }

  send(data: string | Buffer): Promise<string> {
    const reply = this.reply();
    this.socket.write(data);
    return reply;
  }
}

const problems: string[] = [];
process.on('uncaughtException', (error) => problems.push(`uncaught: ${error.stack}`));
process.on('unhandledRejection', (error) => problems.push(`unhandled: ${(error as Error)?.stack ?? String(error)}`));

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fundscape-fuzz-'));
const databaseUrl = process.env.FUZZ_DATABASE_URL;
const database = databaseUrl ? await openDatabase({ url: databaseUrl }) : await openDatabase({ dataDir });
await seedCatalogue(database.db, { investors: 300, funds: 10 });
const config = testConfig({ captureDomain: 'capture.test' });
const app = await buildApp({ database, config, mailer: createMailer({ from: 'fuzz@fundscape.test', log: () => {} }), rateLimit: false });
app.addHook('onError', async (request, _reply, error) => void problems.push(`${request.method} ${request.url}: ${error.stack}`));
app.addHook('onResponse', async (request, reply) => {
  if (reply.statusCode >= 500) problems.push(`${request.method} ${request.url}: ${reply.statusCode}`);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const port = await app.captureSmtp.listen(0, '127.0.0.1');

// Founders enough that none passes her hourly limit, each with a list of 40 catalogue investors.
const pool = await queryRows(database.db, sql`SELECT id, email FROM investors WHERE email IS NOT NULL ORDER BY id LIMIT 200`);
const founders: Founder[] = [];
const mailsEach = CAPTURE_LIMITS.mailsPerHour - 10;
for (let f = 0; f <= ROUNDS / mailsEach; f++) {
  const founder = await captureFounder(app);
  const rows = pool.slice((f * 40) % 160, ((f * 40) % 160) + 40);
  await listWith(founder.call, 'investor', rows.map((row) => Number(row.id)));
  founders.push({ email: founder.email, address: founder.address, investors: rows.map((row) => String(row.email)) });
}

const fixtureDir = path.join(import.meta.dirname, '../fixtures/mail');
const fixtures = readdirSync(fixtureDir).map((file) => readFileSync(path.join(fixtureDir, file), 'latin1'));
const answers = new Map<string, number>();
const tally = (what: string) => answers.set(what, (answers.get(what) ?? 0) + 1);

const started = performance.now();
for (let round = 0; round < ROUNDS; round++) {
  const founder = founders[Math.floor(round / mailsEach)];
  const { session, greeting } = await SmtpSession.open(port);
  const wrong = (what: string) => problems.push(`round ${round} (seed ${SEED}): ${what}`);
  if (!greeting.startsWith('220')) wrong(`greeting ${greeting}`);
  try {
    if (random() < 0.1) {
      for (let i = 0; i < 1 + below(8); i++) {
        const reply = await session.send(pick(GARBAGE)());
        tally(`garbage ${reply.slice(0, 3)}`);
        if (!/^[245]\d\d/.test(reply)) {
          if (reply !== 'CLOSED') wrong(`garbage answered ${reply}`);
          break;
        }
      }
      continue;
    }
    if (!(await session.send('EHLO fuzz.test\r\n')).startsWith('250')) wrong('EHLO refused');
    tally(`mail from ${(await session.send(`MAIL FROM:<${random() < 0.8 ? founder.email : 'x@elsewhere.test'}>\r\n`)).slice(0, 3)}`);
    const rcpt = await session.send(`RCPT TO:<${founder.address}>\r\n`);
    tally(`rcpt ${rcpt.slice(0, 3)}`);
    if (!rcpt.startsWith('250')) continue;
    if (!(await session.send('DATA\r\n')).startsWith('354')) wrong('DATA refused');
    let mail = addressedTo(pick(fixtures), founder, round);
    for (let i = 0; i < 1 + below(5); i++) mail = pick(MUTATIONS)(mail, founder);
    const dotStuffed = mail.replace(/(^|\n)\./g, '$1..');
    const reply = await session.send(Buffer.from(`${dotStuffed}\r\n.\r\n`, 'latin1'));
    tally(`data ${reply.slice(0, 3)}`);
    if (!/^(250|55\d) /.test(reply)) wrong(`the mail answered ${reply}`);
    await session.send('QUIT\r\n');
  } finally {
    session.socket.destroy();
  }
  if (round % 100 === 99) process.stdout.write(`${round + 1} mails in ${Math.round((performance.now() - started) / 1000)} s, ${problems.length} problems\n`);
}

const { session, greeting } = await SmtpSession.open(port);
if (!(await session.send('EHLO after.test\r\n')).startsWith('250') || !greeting.startsWith('220')) problems.push('the listener stopped answering');
session.socket.destroy();
if ((await app.inject({ url: '/api/ready' })).statusCode !== 200) problems.push('the API stopped answering');
const kept = await queryRows(database.db, sql`SELECT status, count(*)::int AS n FROM captured_mails GROUP BY status ORDER BY status`);
console.log(`seed ${SEED}, ${ROUNDS} sessions: ${[...answers].sort().map(([what, n]) => `${what} ×${n}`).join(', ')}`);
console.log(`kept: ${kept.map((row) => `${String(row.status)} ${Number(row.n)}`).join(', ')}`);
console.log(problems.length ? `${problems.length} problems:\n${problems.slice(0, 20).join('\n')}` : 'no problems');
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(problems.length ? 1 : 0);
