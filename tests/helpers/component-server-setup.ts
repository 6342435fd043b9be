// Once before the component suites: the real app on in-memory PGlite, listening on a loopback port,
// with its mail going to a real SMTP sink. The suites run in jsdom, where PGlite cannot start, so
// the app runs here; they reach it over HTTP and read their mails from a small mailbox endpoint.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { buildTestApp } from './app.js';
import { startSmtpSink } from './smtp-sink.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real app's origin. */
    componentApiOrigin: string;
    /** GET answers every mail the app has sent so far, as [{ to, text }]. */
    componentMailboxUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const sink = await startSmtpSink();
  // Without rate limits: the suites sign up and log in more often than one client may.
  const built = await buildTestApp({ name: 'pglite', open: () => openDatabase({}) }, { config: { smtpUrl: sink.url }, rateLimit: false });
  // A small catalogue, for the lists the suites fill.
  await seedCatalogue(built.app.db, { investors: 20, funds: 10 });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const mailbox = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(sink.mails.map(({ to, text }) => ({ to, text }))));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve));
  project.provide('componentApiOrigin', `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`);
  project.provide('componentMailboxUrl', `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}/`);
  return async () => {
    await new Promise((resolve) => mailbox.close(resolve));
    await built.close();
    await sink.close();
  };
}
