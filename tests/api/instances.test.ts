// Several instances behind a load balancer: two apps on one PostgreSQL (CI has one: TEST_DATABASE_URL),
// and two apps on databases of their own sharing Redis for the rate limits. Nothing that must hold
// across instances may live in one of them: rate-limit counters, refresh-token rotation, the catalogue
// version, idempotency keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { AUTH_RATE_RULES } from '../../src/server/modules/auth/rate-limits.js';
import { startSession } from '../../src/server/modules/auth/sessions.js';
import { buildTestApp } from '../helpers/app.js';
import { createPostgresDatabase, testDatabases } from '../helpers/database.js';
import { reachableRedis } from '../helpers/redis.js';
import { createVerifiedUser } from '../helpers/users.js';

type Instance = Awaited<ReturnType<typeof buildTestApp>>;

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('[instances] skipped two instances on one PostgreSQL: TEST_DATABASE_URL is not set');
const redisUrl = await reachableRedis();

const LOGIN_PER_ADDRESS = AUTH_RATE_RULES.login.find((rule) => rule.name === 'login-email')!.max;

let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** Log-in attempts for one address, alternating between the instances, each from another IP. */
async function loginAttempts(instances: FastifyInstance[], email: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await instances[i % instances.length].inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'Wrong!pass1' },
      remoteAddress: nextIp(),
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe.skipIf(!serverUrl)('two instances on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  let url: string;
  let a: Instance;
  let b: Instance;
  let psql: pg.Client;

  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase(serverUrl!));
    const kind = { name: 'postgres' as const, open: () => openDatabase({ url }) };
    a = await buildTestApp(kind, { rateLimit: true });
    b = await buildTestApp(kind, { rateLimit: true });
    await seedCatalogue(a.app.db, { investors: 30, funds: 5 });
    for (const app of [a.app, b.app]) expect(await app.catalogue.investors.warmUp()).toBe(true);
    psql = new pg.Client({ connectionString: url });
    await psql.connect();
  });
  afterAll(async () => {
    await psql?.end();
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it(`refuses the ${LOGIN_PER_ADDRESS + 1}th log-in attempt for one address spread over both`, async () => {
    const statuses = await loginAttempts([a.app, b.app], `shared-${randomUUID()}@example.test`, LOGIN_PER_ADDRESS + 1);
    expect(statuses.slice(0, LOGIN_PER_ADDRESS)).toEqual(Array(LOGIN_PER_ADDRESS).fill(401));
    expect(statuses[LOGIN_PER_ADDRESS]).toBe(429);
  });

  it('refuses on one a refresh token rotated on the other, as reuse, and ends that session', async () => {
    const { user } = await createVerifiedUser(a.app);
    const first = await startSession(a.app.db, a.app.config.jwtSecret, user.id);
    const refresh = (app: FastifyInstance, token: string) =>
      app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: token } });
    const rotated = await refresh(a.app, first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const reused = await refresh(b.app, first.refresh_token);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().detail).toMatch(/already used/);
    // Reuse ended the family: the token the rotation gave is refused too, on either instance.
    expect((await refresh(a.app, rotated.json().refresh_token)).statusCode).toBe(401);
  });

  it('finds on both instances a catalogue row changed with plain SQL, within a few seconds', async () => {
    const term = `quixote${Date.now()}`;
    const { headers } = await createVerifiedUser(a.app);
    const total = (app: FastifyInstance) =>
      app
        .inject({ url: `/api/v1/investors/search?search_term=${term}`, headers })
        .then((res) => (res.json() as { total: number }).total);
    expect([await total(a.app), await total(b.app)]).toEqual([0, 0]);
    await psql.query(`UPDATE investors SET last_name = $1 WHERE id = 7`, [term]);
    const deadline = Date.now() + 10_000;
    let seen = [0, 0];
    while (Date.now() < deadline) {
      seen = [await total(a.app), await total(b.app)];
      if (seen[0] === 1 && seen[1] === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(seen).toEqual([1, 1]);
  });

  it('does not bring back a removed row when an addition is replayed with its Idempotency-Key', async () => {
    const { headers } = await createVerifiedUser(a.app);
    const call = (app: FastifyInstance, method: InjectOptions['method'], path: string, payload?: object, key?: string) =>
      app.inject({
        method,
        url: `/api/v1/lists${path}`,
        headers: key ? { ...headers, 'idempotency-key': key } : headers,
        payload,
      });
    const created = await call(a.app, 'POST', '', { name: 'Targets', description: '', list_type: 'investor' });
    const listId = created.json().id as number;
    const key = randomUUID();
    const added = await call(a.app, 'POST', `/${listId}/investors/batch`, { investor_ids: [3, 4] }, key);
    expect(added.json()).toMatchObject({ added: [3, 4] });
    expect((await call(b.app, 'DELETE', `/${listId}/investors/4`)).statusCode).toBe(204);
    for (const app of [b.app, a.app]) {
      const replayed = await call(app, 'POST', `/${listId}/investors/batch`, { investor_ids: [3, 4] }, key);
      expect(replayed.statusCode).toBe(200);
      expect(replayed.json()).toEqual(added.json());
    }
    const items = (await call(b.app, 'GET', `/${listId}/items`)).json() as Array<{ id: number }>;
    expect(items.map((item) => item.id)).toEqual([3]);
  });
});

describe.skipIf(!redisUrl)('two instances sharing rate limits through Redis', () => {
  let instances: Instance[] = [];

  beforeAll(async () => {
    // Each on a database of its own: only Redis is shared.
    const [pglite] = testDatabases();
    instances = [
      await buildTestApp(pglite, { rateLimit: true, config: { redisUrl } }),
      await buildTestApp(pglite, { rateLimit: true, config: { redisUrl } }),
    ];
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
  });

  it(`refuses the ${LOGIN_PER_ADDRESS + 1}th log-in attempt for one address spread over both`, async () => {
    const apps = instances.map((instance) => instance.app);
    const statuses = await loginAttempts(apps, `redis-${randomUUID()}@example.test`, LOGIN_PER_ADDRESS + 1);
    expect(statuses.slice(0, LOGIN_PER_ADDRESS)).toEqual(Array(LOGIN_PER_ADDRESS).fill(401));
    expect(statuses[LOGIN_PER_ADDRESS]).toBe(429);
  });
});
