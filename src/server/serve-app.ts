import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { createMailer } from './mail/mailer.js';
import { buildApp } from './app.js';
import { seedIfEmpty } from './db/seed/seed-catalogue.js';
import { drain, trackRequests } from './shutdown.js';
import { serveBackups } from './db/backup/backup-socket.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Opens the database (migrating it), builds the app and listens; on SIGINT/SIGTERM it answers what is
 * in flight, then closes (src/server/shutdown.ts). DATA_DIR is already this process's (main.ts).
 */
export async function serveApp(config: Config) {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // Before the app is built: its catalogue index starts building once it is ready, and would read an empty
  // catalogue (and hold the database's one queue on PGlite while this waited behind it).
  const seeded = await seedIfEmpty(database.db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const app = await buildApp({
    database,
    config,
    mailer,
    clientDir: path.join(root, 'dist'),
    logger: { level: process.env.LOG_LEVEL || 'info' },
  });
  if (seeded) app.log.info(`First start: seeded ${seeded.investors} investors and ${seeded.funds} funds`);
  const backups = database.kind === 'pglite' ? await serveBackups(config.dataDir, database, app.log) : undefined;

  const requests = trackRequests(app);
  let closing = false;
  const shutdown = async (signal: string) => {
    // A signal may come twice (the terminal's process group, and tsx relaying it): once is enough.
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing the requests in flight, then closing`);
    // No new mail from here; the mails being written finish first.
    await app.captureSmtp.close();
    await drain(app, requests);
    await backups?.close();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.captureSmtpPort !== 0) {
    const port = await app.captureSmtp.listen(config.captureSmtpPort, config.host);
    app.log.info(`Capture: taking mail for log+…@${config.captureDomain} by SMTP on port ${port}`);
  }
  return app;
}
