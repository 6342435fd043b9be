import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { Config } from '../../src/server/config.js';
import { createMailer, type Mailer } from '../../src/server/mail/mailer.js';
import { openDatabase } from '../../src/server/db/client.js';
import { createPostgresDatabase, type TestDatabaseKind } from './database.js';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    smtpUrl: undefined,
    mailFrom: 'Fundscape <no-reply@fundscape.test>',
    appUrl: 'http://app.test',
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    tls: undefined,
    trustProxy: false,
    redisUrl: undefined,
    followUpDigestHour: 8,
    captureSmtpPort: 0,
    captureDomain: 'capture.test',
    ...overrides,
  };
}

export interface TestAppOptions {
  config?: Partial<Config>;
  mailer?: Mailer;
  rateLimit?: boolean;
  /** A built client to serve, as `npm start` serves dist/. */
  clientDir?: string;
  /** The server's clock, for what is due when. */
  clock?: () => Date;
  digestEveryMs?: number;
  /** How often each list event stream gets a heartbeat. */
  eventsHeartbeatMs?: number;
  /** How long an event stream lasts before the server ends it. */
  eventsStreamLifetimeMs?: number;
}

/** The real app on a fresh database of the given kind; close() shuts both. */
export async function buildTestApp(kind: TestDatabaseKind, options: TestAppOptions = {}) {
  const database = await kind.open();
  const config = testConfig(options.config);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: () => {} });
  const app: FastifyInstance = await buildApp({
    database,
    config,
    mailer,
    rateLimit: options.rateLimit,
    clientDir: options.clientDir,
    clock: options.clock,
    digestEveryMs: options.digestEveryMs,
    eventsHeartbeatMs: options.eventsHeartbeatMs,
    eventsStreamLifetimeMs: options.eventsStreamLifetimeMs,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Two instances of the app on one throwaway PostgreSQL database (made on `serverUrl`), as two servers behind
 * a load balancer run; close() ends both and drops the database.
 */
export async function twoInstancesOnPostgres(serverUrl: string, options: TestAppOptions = {}) {
  const created = await createPostgresDatabase(serverUrl);
  const kind: TestDatabaseKind = { name: 'postgres', open: () => openDatabase({ url: created.url }) };
  const a = await buildTestApp(kind, options);
  const b = await buildTestApp(kind, options);
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await created.drop();
    },
  };
}
