// Log Out and a password reset end sessions on the server: the refresh token and every access token issued
// with it are refused from the next call on, on every instance (two apps on one PostgreSQL when
// TEST_DATABASE_URL is set), while the account's other sessions go on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from '../../src/server/mail/mailer.js';
import { signAccessToken } from '../../src/server/modules/auth/access-token.js';
import { startSession } from '../../src/server/modules/auth/sessions.js';
import { buildTestApp, twoInstancesOnPostgres } from '../helpers/app.js';
import { authFlow } from '../helpers/auth-flow.js';
import { testDatabases } from '../helpers/database.js';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { createVerifiedUser } from '../helpers/users.js';

type Tokens = { access_token: string; refresh_token: string };

const ENDED = { detail: 'This session has ended. Please log in again.' };

const logOut = (app: FastifyInstance, refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refresh_token: refreshToken } });
const refresh = (app: FastifyInstance, refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: refreshToken } });
/** A call of the profile and one of the data: both go through the one authentication. */
const calls = (app: FastifyInstance, accessToken: string) =>
  Promise.all(
    ['/api/v1/auth/me', '/api/v1/lists'].map((url) =>
      app.inject({ url, headers: { authorization: `Bearer ${accessToken}` } }),
    ),
  );
const statuses = async (app: FastifyInstance, accessToken: string) =>
  (await calls(app, accessToken)).map((res) => res.statusCode);

describe.each(testDatabases())('ending sessions on $name', (kind) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let mailer: Mailer;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let flow: ReturnType<typeof authFlow>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer = createMailer({ smtpUrl: sink.url, from: 'Fundscape <no-reply@fundscape.test>' });
    ({ app, close } = await buildTestApp(kind, { mailer, rateLimit: false }));
    flow = authFlow(app, sink);
  });
  afterAll(async () => {
    await close();
    mailer.close();
    await sink.close();
  });

  it('log-out refuses that device’s refresh token and access token from then on, and leaves other devices logged in', async () => {
    const { email } = await flow.verifiedAccount();
    const laptop = await flow.login(email);
    const phone = await flow.login(email);
    expect(await statuses(app, laptop.access_token)).toEqual([200, 200]);

    const res = await logOut(app, laptop.refresh_token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    for (const answer of await calls(app, laptop.access_token)) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(ENDED);
    }
    const refused = await refresh(app, laptop.refresh_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(ENDED);

    expect(await statuses(app, phone.access_token)).toEqual([200, 200]);
    expect((await refresh(app, phone.refresh_token)).statusCode).toBe(200);
  });

  it('ends the whole session whichever of its refresh tokens is sent, and answers 204 again and for a token it never issued', async () => {
    const { tokens: first } = await flow.verifiedAccount();
    const latest: Tokens = (await refresh(app, first.refresh_token)).json();
    // A device that logs out with a token another tab has since rotated still ends its session.
    expect((await logOut(app, first.refresh_token)).statusCode).toBe(204);
    expect(await statuses(app, latest.access_token)).toEqual([401, 401]);
    expect((await refresh(app, latest.refresh_token)).statusCode).toBe(401);

    expect((await logOut(app, latest.refresh_token)).statusCode).toBe(204);
    expect((await logOut(app, 'a-token-never-issued')).statusCode).toBe(204);
  });

  it('needs the refresh token in the body, and no access token', async () => {
    for (const payload of [{}, { refresh_token: '' }, { refresh_token: 7 }, { refresh_token: 'x', access_token: 'y' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(typeof res.json().detail).toBe('string');
    }
  });

  it('a password reset ends every session of the account: refresh and access tokens alike', async () => {
    const { email, tokens: one } = await flow.verifiedAccount();
    const two = await flow.login(email);
    // Used first: on PGlite a session read live is remembered, and the reset must end it there too.
    for (const session of [one, two]) expect(await statuses(app, session.access_token)).toEqual([200, 200]);
    const mail = await flow.mailAfter(email, () => flow.call('POST', '/forgot-password', { email }));
    const token = flow.linkToken(mail, 'reset-password');
    const reset = await flow.call('POST', '/reset-password', { new_password: 'Reset!pass77', confirm_password: 'Reset!pass77', token });
    expect(reset.statusCode).toBe(200);

    for (const session of [one, two]) {
      expect(await statuses(app, session.access_token)).toEqual([401, 401]);
      expect((await refresh(app, session.refresh_token)).statusCode).toBe(401);
    }
    const after = await flow.login(email, 'Reset!pass77');
    expect(await statuses(app, after.access_token)).toEqual([200, 200]);
  });

  it('a password change ends the other sessions’ access tokens too, and keeps its own', async () => {
    const { email, password, tokens: here } = await flow.verifiedAccount();
    const elsewhere = await flow.login(email, password);
    expect(await statuses(app, elsewhere.access_token)).toEqual([200, 200]);
    const res = await flow.call(
      'POST',
      '/change-password',
      { current_password: password, new_password: 'Brand!new99', confirm_password: 'Brand!new99' },
      flow.bearer(here.access_token),
    );
    expect(res.statusCode).toBe(200);
    expect(await statuses(app, elsewhere.access_token)).toEqual([401, 401]);
    expect(await statuses(app, here.access_token)).toEqual([200, 200]);
  });

  it('a reused refresh token ends the access tokens of its session too', async () => {
    const { tokens: first } = await flow.verifiedAccount();
    const next: Tokens = (await refresh(app, first.refresh_token)).json();
    expect(await statuses(app, next.access_token)).toEqual([200, 200]);
    expect((await refresh(app, first.refresh_token)).statusCode).toBe(401);
    expect(await statuses(app, next.access_token)).toEqual([401, 401]);
  });

  it('refuses a well-signed access token that names no session, or one that does not exist', async () => {
    const { user } = await createVerifiedUser(app);
    for (const token of [
      await signAccessToken(app.config.jwtSecret, user.id),
      await signAccessToken(app.config.jwtSecret, user.id, Date.now(), '00000000-0000-4000-8000-000000000000'),
      await signAccessToken(app.config.jwtSecret, user.id, Date.now(), "' OR 1=1 --"),
    ]) {
      for (const answer of await calls(app, token)) {
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toEqual(ENDED);
      }
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('ending sessions across two instances on one PostgreSQL', () => {
  let instances: Awaited<ReturnType<typeof twoInstancesOnPostgres>>;
  let a: Awaited<ReturnType<typeof buildTestApp>>;
  let b: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    instances = await twoInstancesOnPostgres(serverUrl!, { rateLimit: false });
    ({ a, b } = instances);
  });
  afterAll(() => instances?.close());

  it('a log-out on one is refused on the other at its next call, after the token was used (and remembered) there', async () => {
    const { user } = await createVerifiedUser(a.app);
    const session = await startSession(a.app.db, a.app.config.jwtSecret, user.id);
    expect(await statuses(b.app, session.access_token)).toEqual([200, 200]);

    expect((await logOut(a.app, session.refresh_token)).statusCode).toBe(204);
    expect(await statuses(b.app, session.access_token)).toEqual([401, 401]);
    expect((await refresh(b.app, session.refresh_token)).statusCode).toBe(401);
  });
});
