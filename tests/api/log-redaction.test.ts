// No secret in a log line: the server runs with its real logger at trace level (every line Fastify and the
// app write), over real HTTP, while each kind of secret is used — a password, the log-in code, access and
// refresh tokens (log-in, refresh, log-out), a stream ticket, an invitation, a reset and a verification link,
// in bodies, headers, query strings and path segments, and in the message of an error that quotes its URL.
// Then the server's own log is read: it holds the requests, and none of the secrets. (What is logged does
// not depend on the database: PGlite only.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/client.js';
import { openPglite } from '../helpers/database.js';
import { createMailer, type Mailer } from '../../src/server/mail/mailer.js';
import { testConfig } from '../helpers/app.js';
import { openEventStream } from '../helpers/event-stream.js';
import { startSmtpSink } from '../helpers/smtp-sink.js';

type Tokens = { access_token: string; refresh_token: string };

describe('the server log', () => {
  const lines: string[] = [];
  const secrets = new Map<string, string>();
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let mailer: Mailer;
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let counter = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const config = testConfig({ smtpUrl: sink.url });
    mailer = createMailer({ smtpUrl: sink.url, from: config.mailFrom });
    database = await openPglite();
    app = await buildApp({
      database,
      config,
      mailer,
      rateLimit: false,
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    });
    // A failure that quotes its request's URL in its message, as an error deep down might.
    app.get('/api/v1/test-failure/:token', async (request) => {
      throw new Error(`could not answer ${request.url}`, { cause: new Error(`while reading ${request.url}`) });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    mailer?.close();
    await sink?.close();
  });

  const keep = (name: string, value: string) => {
    secrets.set(`${name} ${secrets.size}`, value);
    return value;
  };

  async function send(method: string, path: string, { body, token }: { body?: unknown; token?: string } = {}) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: () => JSON.parse(text) as never };
  }

  async function mailedLink(to: string, action: () => Promise<unknown>, pattern: RegExp): Promise<string> {
    const before = new Set(sink.mails);
    await action();
    const mail = await sink.waitFor(to, (m) => !before.has(m));
    const match = pattern.exec(mail.text);
    expect(match, `${pattern} in the mail`).not.toBeNull();
    return match![1];
  }

  /** Signs up through the mailed link (opened as the page, then posted): the account's first tokens. */
  async function signUp(): Promise<{ email: string; password: string; tokens: Tokens }> {
    counter += 1;
    const email = `logged${counter}.${Date.now()}@example.test`;
    const password = keep('password', `Secret!${counter}${Date.now()}`);
    const verification = keep(
      'verification token',
      await mailedLink(email, () => send('POST', '/api/v1/auth/register', { body: { email, password, first_name: 'Ada', last_name: 'Lovelace' } }), /\/verify-email\/([\w-]+)/),
    );
    await send('GET', `/verify-email/${verification}`);
    const verified = await send('POST', '/api/v1/auth/verify-email', { body: { verification_id: verification } });
    expect(verified.status).toBe(200);
    const tokens: Tokens = verified.json();
    keep('access token', tokens.access_token);
    keep('refresh token', tokens.refresh_token);
    return { email, password, tokens: await logInWithCode(email, password) };
  }

  async function logInWithCode(email: string, password: string): Promise<Tokens> {
    let userId = 0;
    const code = keep(
      'log-in code',
      await mailedLink(
        email,
        async () => {
          const res = await send('POST', '/api/v1/auth/login', { body: { email, password } });
          expect(res.status).toBe(302);
          userId = (res.json() as { user_id: number }).user_id;
        },
        /login code is (\d{6})\b/,
      ),
    );
    const res = await send('POST', '/api/v1/auth/verify-otp', { body: { user_id: userId, code } });
    expect(res.status).toBe(200);
    const tokens: Tokens = res.json();
    keep('access token', tokens.access_token);
    keep('refresh token', tokens.refresh_token);
    return tokens;
  }

  it('holds every request, and none of the secrets they carried', { timeout: 60_000 }, async () => {
    const owner = await signUp();
    const refreshed = await send('POST', '/api/v1/auth/refresh', { body: { refresh_token: owner.tokens.refresh_token } });
    const tokens: Tokens = refreshed.json();
    keep('access token', tokens.access_token);
    keep('refresh token', tokens.refresh_token);
    // A rotated refresh token sent again (reuse) is refused: its family ends.
    expect((await send('POST', '/api/v1/auth/refresh', { body: { refresh_token: owner.tokens.refresh_token } })).status).toBe(401);
    const again = await logInWithCode(owner.email, owner.password);

    const list = await send('POST', '/api/v1/lists', { body: { name: 'Seed round', list_type: 'investor' }, token: again.access_token });
    expect(list.status).toBe(201);
    const listId = (list.json() as { id: number }).id;
    for (const path of [`/api/v1/lists/${listId}/events`, '/api/v1/lists/events']) {
      const ticket = await send('POST', `${path}/ticket`, { token: again.access_token });
      expect(ticket.status).toBe(200);
      const stream = await openEventStream(`${base}${path}?ticket=${keep('ticket', (ticket.json() as { ticket: string }).ticket)}`);
      expect(stream.status).toBe(200);
      stream.close();
    }

    const invitee = await signUp();
    const invitation = keep(
      'invitation token',
      await mailedLink(
        invitee.email,
        () => send('POST', `/api/v1/lists/${listId}/members`, { body: { email: invitee.email, role: 'viewer' }, token: again.access_token }),
        /\/invitations\/([\w-]+)/,
      ),
    );
    await send('GET', `/invitations/${invitation}`);
    expect((await send('GET', `/api/v1/invitations/${invitation}`)).status).toBe(200);
    expect((await send('POST', `/api/v1/invitations/${invitation}/accept`, { token: invitee.tokens.access_token })).status).toBe(200);
    expect((await send('POST', `/api/v1/invitations/${invitation}/accept?again=${invitation}`, { token: 'not-a-token' })).status).toBe(401);

    const reset = keep(
      'reset token',
      await mailedLink(invitee.email, () => send('POST', '/api/v1/auth/forgot-password', { body: { email: invitee.email } }), /\/reset-password\/([\w-]+)/),
    );
    await send('GET', `/reset-password/${reset}?from=mail`);
    const newPassword = keep('password', 'Reset!pass77');
    expect((await send('POST', '/api/v1/auth/reset-password', { body: { token: reset, new_password: newPassword, confirm_password: newPassword } })).status).toBe(200);

    expect((await send('GET', `/api/v1/test-failure/${reset}?ticket=${again.access_token}`)).status).toBe(500);
    expect((await send('POST', '/api/v1/auth/logout', { body: { refresh_token: again.refresh_token } })).status).toBe(204);
    expect((await send('GET', '/api/v1/auth/me', { token: again.access_token })).status).toBe(401);

    const log = lines.join('');
    // The log is there, at trace level, with the requests' redacted URLs and the failure.
    expect(app.log.level).toBe('trace');
    expect(log).toContain('incoming request');
    for (const path of [
      '/verify-email/[redacted]',
      '/invitations/[redacted]/accept?again=[redacted]',
      '/reset-password/[redacted]?from=[redacted]',
      `/api/v1/lists/${listId}/events?ticket=[redacted]`,
      // A token in a path segment the server does not know of, quoted by an error and its cause.
      'could not answer /api/v1/test-failure/[redacted]?ticket=[redacted]',
      'while reading',
    ]) {
      expect(log).toContain(path);
    }
    expect(secrets.size).toBeGreaterThan(15);
    const found = [...secrets].filter(([name, value]) =>
      name.startsWith('log-in code') ? new RegExp(`\\b${value}\\b`).test(log) : log.includes(value),
    );
    expect(found.map(([name]) => name)).toEqual([]);
  });
});
