// Two instances of the app on one PostgreSQL database, as behind a load balancer, for the suites proving
// that each user gets one morning mail a day however many instances tick.
import { openDatabase } from '../../src/server/db/client.js';
import { buildTestApp } from './app.js';
import { createPostgresDatabase } from './database.js';
import { startSmtpSink } from './smtp-sink.js';

/**
 * Two instances on a new database of the PostgreSQL server at `serverUrl`, mailing through a real SMTP sink
 * from 8 o'clock by `clock`, their schedulers looking every 20 ms; close() stops them and drops the database.
 */
export async function twoInstancesMailing(serverUrl: string, clock: () => Date) {
  const { url, drop } = await createPostgresDatabase(serverUrl);
  const sink = await startSmtpSink();
  const kind = { name: 'postgres' as const, open: () => openDatabase({ url }) };
  const instances: Array<Awaited<ReturnType<typeof buildTestApp>>> = [];
  for (let i = 0; i < 2; i++) {
    instances.push(
      await buildTestApp(kind, { rateLimit: false, clock, config: { smtpUrl: sink.url, followUpDigestHour: 8 }, digestEveryMs: 20 }),
    );
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
