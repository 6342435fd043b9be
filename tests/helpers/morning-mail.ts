// Two instances of the app on one PostgreSQL database, as behind a load balancer, for the suites proving
// that each user gets one morning mail a day however many instances tick.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { buildTestApp } from './app.js';
import { createPostgresDatabase, type TestDatabaseKind } from './database.js';
import { startSmtpSink, type ReceivedMail } from './smtp-sink.js';

/**
 * An instance of the app mailing through `smtpUrl`, its morning mail due from `digestHour` by `clock`, its
 * scheduler looking every `everyMs` (the app's own interval without it).
 */
export function buildMailingApp(
  kind: TestDatabaseKind,
  { smtpUrl, clock, digestHour, everyMs }: { smtpUrl: string; clock: () => Date; digestHour: number; everyMs?: number },
) {
  return buildTestApp(kind, { rateLimit: false, clock, config: { smtpUrl, followUpDigestHour: digestHour }, digestEveryMs: everyMs });
}

/**
 * Two instances on a new database of the PostgreSQL server at `serverUrl`, mailing through a real SMTP sink
 * from 8 o'clock by `clock`, their schedulers looking every 20 ms; close() stops them and drops the database.
 */
async function twoInstancesMailing(serverUrl: string, clock: () => Date) {
  const { url, drop } = await createPostgresDatabase(serverUrl);
  const sink = await startSmtpSink();
  const kind = { name: 'postgres' as const, open: () => openDatabase({ url }) };
  const instances: Array<Awaited<ReturnType<typeof buildTestApp>>> = [];
  for (let i = 0; i < 2; i++) {
    instances.push(await buildMailingApp(kind, { smtpUrl: sink.url, clock, digestHour: 8, everyMs: 20 }));
  }
  return {
    apps: instances.map((instance) => instance.app),
    sink,
    async close() {
      for (const instance of instances) await instance.close();
      await sink.close();
      await drop();
    },
  };
}

export interface TwoInstancesMailingSuite<Setup extends { recipients: string[] }> {
  /** The suite's file name, in the line saying it was skipped. */
  tag: string;
  /** What is mailed, e.g. 'follow-up digest'. */
  mail: string;
  test: string;
  /** Sets up on the two apps before 8 o'clock on `now`'s day; `recipients` must get one mail each. */
  before: (apps: FastifyInstance[], now: Date) => Promise<Setup>;
  /** What else must hold once the mails are in. */
  after: (setup: Setup, apps: FastifyInstance[], mails: ReceivedMail[]) => void | Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The suite on two instances of one PostgreSQL (TEST_DATABASE_URL; skipped, saying so, without it): nothing is
 * mailed before 8 o'clock; at 8, with both instances' schedulers and extra ticks racing, each of the recipients
 * `before` answers gets exactly one mail and nobody else gets any.
 */
export function describeTwoInstancesMailing<Setup extends { recipients: string[] }>({
  tag,
  mail,
  test,
  before,
  after,
}: TwoInstancesMailingSuite<Setup>) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) console.warn(`[${tag}] skipped two instances on one PostgreSQL: TEST_DATABASE_URL is not set`);

  describe.skipIf(!serverUrl)(`${mail} from two instances on one PostgreSQL`, () => {
    let now = new Date(2026, 10, 23, 7, 0);
    let two: Awaited<ReturnType<typeof twoInstancesMailing>>;

    beforeAll(async () => {
      two = await twoInstancesMailing(serverUrl!, () => now);
    });
    afterAll(() => two?.close());

    it(test, async () => {
      const { apps, sink } = two;
      const [a, b] = apps;
      const setup = await before(apps, now);
      const { recipients } = setup;
      await pause(200);
      expect(sink.mails).toEqual([]);

      now = new Date(2026, 10, 23, 8, 0);
      // Both schedulers tick every 20 ms; these race them once more.
      await Promise.all([a, b, a, b].map((app) => app.morningMail.tick()));
      for (const address of recipients) await sink.waitFor(address, () => true, 5_000);
      await pause(500);
      expect(sink.mails.map((received) => received.to.join()).sort()).toEqual(recipients.map((address) => address.toLowerCase()).sort());
      await after(setup, apps, sink.mails);
    });
  });
}
