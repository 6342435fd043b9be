// What an authenticated search costs the database under load, and that it stays exact: the session checks of
// the calls arriving together are one statement, as are their founders' profile reads, so a search is about
// one statement of its own (its page); and a log-out or a profile change is still seen by the very next call,
// on every instance (two apps on one PostgreSQL when TEST_DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { startSession } from '../../src/server/modules/auth/sessions.js';
import { STARTUP_PATH } from '../../src/shared/api-paths.js';
import { buildTestApp, twoInstancesOnPostgres } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { SAMPLE_STARTUP } from '../helpers/startup-profile.js';
import { createVerifiedUser } from '../helpers/users.js';

/** Counts the statements sent to the database's client, whoever sends them (drizzle, or straight). */
function countStatements(db: Db): () => number {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query.bind(client);
  let n = 0;
  client.query = (...args: unknown[]) => {
    n++;
    return query(...args);
  };
  return () => n;
}

const SEARCH = '/api/v1/investors/search?page=1&per_page=15';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const search = (app: FastifyInstance, token: string) => app.inject({ url: SEARCH, headers: bearer(token) });
const saveProfile = (app: FastifyInstance, token: string, profile = SAMPLE_STARTUP) =>
  app.inject({ method: 'PUT', url: `/api/v1${STARTUP_PATH}`, headers: bearer(token), payload: profile });
const logOut = (app: FastifyInstance, refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refresh_token: refreshToken } });

describe.each(testDatabases())('round trips of authenticated calls on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let statements: () => number;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false }));
    await seedCatalogue(app.db, { investors: 200, funds: 20 });
    expect(await app.catalogue.investors.warmUp()).toBe(true);
    statements = countStatements(app.db);
  });
  afterAll(() => close());

  it('checks the sessions of searches arriving together in one statement, and reads their founders’ profiles in another', async () => {
    const founders = await Promise.all(Array.from({ length: 30 }, () => createVerifiedUser(app)));
    // Every third founder has a profile, so each answer shows whose profile scored it.
    for (const founder of founders.filter((_, i) => i % 3 === 0)) {
      expect((await saveProfile(app, founder.token)).statusCode).toBe(200);
    }
    const before = statements();
    const answers = await Promise.all(founders.map((founder) => search(app, founder.token)));
    const spent = statements() - before;

    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      const fits = (res.json() as { results: Array<{ fit: unknown }> }).results.map((row) => row.fit);
      expect(fits.length).toBe(15);
      expect(fits.every((fit) => fit !== null)).toBe(i % 3 === 0);
      expect(fits.every((fit) => fit === null)).toBe(i % 3 !== 0);
    });
    // 30 pages, one statement each; the session checks and profile reads of all 30 take a few more (one each
    // when they all arrive in one turn), where one each per search would be 60. On PGlite the sessions the profiles
    // were saved with are remembered live (db/remembered-reads.ts): those searches read their profiles a turn
    // before the others, so the profile reads take at least two statements there.
    expect(spent).toBeGreaterThanOrEqual(30);
    expect(spent).toBeLessThanOrEqual(40);
  });

  it('refuses the first call after a log-out, even while the calls before it are being checked', async () => {
    const { user } = await createVerifiedUser(app);
    const session = await startSession(app.db, app.config.jwtSecret, user.id);
    const earlier = Array.from({ length: 20 }, () => search(app, session.access_token));
    expect((await logOut(app, session.refresh_token)).statusCode).toBe(204);
    expect((await search(app, session.access_token)).statusCode).toBe(401);
    // Those asked before the log-out answered are either, as it happened to fall.
    for (const res of await Promise.all(earlier)) expect([200, 401]).toContain(res.statusCode);
  });

  it('scores the first search after a profile change by the new profile, even while others are in flight', async () => {
    const founder = await createVerifiedUser(app);
    expect((await saveProfile(app, founder.token)).statusCode).toBe(200);
    const fitOf = async () => (await search(app, founder.token)).json().results[0].fit;
    const before = await fitOf();
    const elsewhere = { ...SAMPLE_STARTUP, stage: 'Later Stage', industries: ['Biotechnology'], geography: 'Asia' };
    const inFlight = Array.from({ length: 20 }, () => search(app, founder.token));
    expect((await saveProfile(app, founder.token, elsewhere)).statusCode).toBe(200);
    const after = await fitOf();
    expect(after).not.toEqual(before);
    await Promise.all(inFlight);
    expect((await saveProfile(app, founder.token)).statusCode).toBe(200);
    expect(await fitOf()).toEqual(before);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('a profile change and a log-out across two instances on one PostgreSQL', () => {
  let instances: Awaited<ReturnType<typeof twoInstancesOnPostgres>>;
  let a: Awaited<ReturnType<typeof buildTestApp>>;
  let b: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    instances = await twoInstancesOnPostgres(serverUrl!, { rateLimit: false });
    ({ a, b } = instances);
    await seedCatalogue(a.app.db, { investors: 100, funds: 10 });
    expect(await b.app.catalogue.investors.warmUp()).toBe(true);
  });
  afterAll(() => instances?.close());

  it('a profile saved on one scores the next search on the other, and a log-out on one refuses the next call there', async () => {
    const { user } = await createVerifiedUser(a.app);
    const session = await startSession(a.app.db, a.app.config.jwtSecret, user.id);
    const token = session.access_token;
    expect((await search(b.app, token)).json().results[0].fit).toBeNull();

    expect((await saveProfile(a.app, token)).statusCode).toBe(200);
    expect((await search(b.app, token)).json().results[0].fit).not.toBeNull();

    const inFlight = Array.from({ length: 20 }, () => search(b.app, token));
    expect((await logOut(a.app, session.refresh_token)).statusCode).toBe(204);
    expect((await search(b.app, token)).statusCode).toBe(401);
    await Promise.all(inFlight);
  });
});
