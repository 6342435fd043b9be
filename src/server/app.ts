import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import Fastify from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import { errorHandler } from './plugins/error-handler.js';
import { security } from './plugins/security.js';
import { docs } from './plugins/docs.js';
import { client } from './plugins/client.js';
import { authenticate } from './modules/auth/authenticate.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
  }
}

export interface AppOptions {
  database: Database;
  config: Config;
  mailer: Mailer;
  /** The built client to serve; omitted in API tests. */
  clientDir?: string;
  /** Rate limits are on unless a test turns them off to exercise something else. */
  rateLimit?: boolean;
  logger?: FastifyServerOptions['logger'];
}

/** The whole server as one Fastify instance; main.ts listens, tests use inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Query arrays are repeated keys without brackets (SPEC §7); Fastify's default parser does that.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    bodyLimit: 256 * 1024,
    trustProxy: true,
  });
  app.decorate('db', options.database.db);
  app.decorate('config', options.config);
  app.decorate('mailer', options.mailer);

  await app.register(errorHandler);
  await app.register(security);
  await app.register(docs);
  await app.register(authenticate);

  // Modules register here, each under /api/v1.

  if (options.clientDir) {
    await app.register(client, { clientDir: options.clientDir });
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ detail: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
    );
  }
  return app;
}
