// What the capture suites set up: a founder with a capture address, investors with an address and a website, and
// mail sent to the real listener with Nodemailer (the capture address in the envelope only, as a BCC is).
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { captureAddresses, investors } from '../../src/server/db/schema.js';
import { caller } from './pipeline.js';
import { createVerifiedUser } from './users.js';

/** A verified founder and her capture address (made in the database, as the address route makes it). */
export async function captureFounder(app: FastifyInstance) {
  const user = await createVerifiedUser(app);
  const token = randomBytes(18).toString('base64url');
  await app.db.insert(captureAddresses).values({ user_id: user.user.id, token });
  return { ...user, id: user.user.id, token, address: `log+${token}@${app.config.captureDomain}`, call: caller(app, user.headers) };
}
export type CaptureFounder = Awaited<ReturnType<typeof captureFounder>>;

export async function investorAt(app: FastifyInstance, firstName: string, email: string, website: string): Promise<number> {
  const [row] = await app.db
    .insert(investors)
    .values({
      first_name: firstName,
      last_name: 'Investor',
      contact_title: 'Partner',
      email,
      gender: 'Female',
      phone: '15551234567',
      firm_name: `${firstName} Capital`,
      type_of_firm: 'Venture Capital Fund',
      office_website: website,
      city: 'Berlin',
      state: 'NaN',
      country: 'Germany',
    })
    .returning({ id: investors.id });
  return row.id;
}

/** A raw mail, CRLF lines. */
export const rawMail = (...lines: string[]) => lines.join('\r\n') + '\r\n';

export interface SmtpResult {
  ok: boolean;
  responseCode?: number;
  response: string;
}

/** Sends `raw` to the listener with only `to` in the envelope; answers the server's last answer. */
export async function sendSmtp(port: number, envelope: { from: string; to: string[] }, raw: string | Buffer): Promise<SmtpResult> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 10_000 });
  try {
    const info = await transport.sendMail({ envelope, raw });
    return { ok: true, response: info.response };
  } catch (error) {
    const { responseCode, response, message } = error as { responseCode?: number; response?: string; message: string };
    return { ok: false, responseCode, response: response ?? message };
  } finally {
    transport.close();
  }
}

/** Writes to the listener on a socket of its own after its greeting, then QUIT; answers all it said back once it closed (`ms`: a safety net). */
export function rawSession(port: number, chunks: Array<string | Buffer>, ms = 20_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let said = '';
    // Written once the greeting came: a client that talks first is told off (421) and cut.
    socket.once('data', () => {
      chunks.forEach((chunk) => socket.write(chunk));
      socket.write('\r\nQUIT\r\n');
    });
    socket.on('data', (data) => (said += data.toString('latin1')));
    socket.on('error', () => {});
    const done = () => {
      socket.destroy();
      resolve(said);
    };
    socket.on('close', done);
    setTimeout(done, ms);
  });
}
