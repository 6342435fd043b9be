import type { Http2SecureServer } from 'node:http2';
import type { FastifyHttp2SecureOptions, FastifyInstance, FastifyServerOptions } from 'fastify';
import Fastify from 'fastify';
import type { Config, TrustProxy } from './config.js';
import { type Database, type Db, ownConnection } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import compress from '@fastify/compress';
import { clientErrorHandler, errorHandler, sendError } from './plugins/error-handler.js';
import { redactingLoggerOptions } from './plugins/log-redaction.js';
import { validation } from './plugins/validation.js';
import { serialization } from './plugins/serialization.js';
import { health } from './plugins/health.js';
import { security } from './plugins/security.js';
import { docs } from './plugins/docs.js';
import { client } from './plugins/client.js';
import { authenticate } from './modules/auth/authenticate.js';
import { rateLimit } from './plugins/rate-limit.js';
import { idempotency } from './plugins/idempotency.js';
import { unusedConnections } from './plugins/unused-connections.js';
import { requestsInFlight } from './plugins/requests-in-flight.js';
import { authModule } from './modules/auth/index.js';
import { listsModule } from './modules/lists/index.js';
import { catalogueService } from './modules/catalogue/plugin.js';
import { contactsModule } from './modules/contacts/index.js';
import { importsModule } from './modules/imports/index.js';
import { investorRoutes } from './modules/investors/routes.js';
import { fundRoutes } from './modules/funds/routes.js';
import { filterRoutes } from './modules/filters/routes.js';
import { pipelineModule } from './modules/pipeline/index.js';
import { morningMailer } from './modules/morning-mail/index.js';
import { followUpSection } from './modules/pipeline/follow-up-section.js';
import { alertSection } from './modules/saved-searches/alert-section.js';
import { startupModule } from './modules/startup/index.js';
import { savedSearchesModule } from './modules/saved-searches/index.js';
import { liveRoutes, liveService } from './modules/live/index.js';
import { activityModule } from './modules/activity/index.js';
import { teamsModule } from './modules/teams/index.js';
import { captureRoutes, captureService } from './modules/capture/index.js';
import { captureAddressRoutes } from './modules/capture/address-routes.js';
import { captureInboxRoutes } from './modules/capture/inbox-routes.js';
import { decksModule, deckService, deckViewerModule } from './modules/decks/index.js';
import { deckViewerPage, routedUrl } from './modules/decks/viewer-page.js';
import { roundModule, roundService } from './modules/round/index.js';
import { roundSection } from './modules/round/round-section.js';
import { EVENTS_HEARTBEAT_SECONDS } from '../shared/teams.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './modules/auth/access-token.js';

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
  /** Logs (redacted: no secret in any line) at this level, to stdout or the stream given. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** What "now" is to the pipeline (follow-ups due, the morning mail's hour); tests set it. */
  clock?: () => Date;
  /** How often the morning mail's scheduler looks whether it is time to mail (default a minute). */
  digestEveryMs?: number;
  /** How often each list event stream gets a heartbeat and looks for missed events (default 20 s). */
  eventsHeartbeatMs?: number;
  /** How long an event stream lasts at most before its client reconnects (default the access token's 15 min). */
  eventsStreamLifetimeMs?: number;
}

/** TRUST_PROXY as Fastify takes it: a hop count is a function of the hop (its types lack the number form). */
function proxyTrust(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The whole server as one Fastify instance; serve-app.ts listens, tests use inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ? { ...redactingLoggerOptions, ...(options.logger === true ? {} : options.logger) } : false,
    // Query arrays are repeated keys without brackets (`stages=Seed&stages=PIPE`); Fastify's default parser does that.
    bodyLimit: 256 * 1024,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names; else request.ip is the peer.
    trustProxy: proxyTrust(options.config.trustProxy),
    // A malformed URL and other refusals of the router answer `{ detail }` like everything else.
    frameworkErrors: sendError,
    // …but a deck link's, which a stranger opens: the viewer's page says it is not valid.
    rewriteUrl: routedUrl,
    clientErrorHandler,
    // Requests arriving while the server closes are still answered (with Connection: close), not 503.
    return503OnClosing: false,
  };
  const { tls } = options.config;
  // Over TLS, HTTP/2: a page's dozens of scripts share one connection instead of queueing for six.
  // Nothing here touches the raw Node request or response, so both protocols are served alike.
  const app = (
    tls
      ? Fastify({ ...serverOptions, http2: true, https: { ...tls, allowHTTP1: true } } as FastifyHttp2SecureOptions<Http2SecureServer>)
      : Fastify(serverOptions)
  ) as unknown as FastifyInstance;
  app.decorate('db', options.database.db);
  app.decorate('config', options.config);
  app.decorate('mailer', options.mailer);

  await app.register(errorHandler);
  await app.register(requestsInFlight);
  await app.register(validation);
  await app.register(serialization);
  await app.register(security);
  // gzip/brotli for the client's scripts and the API's JSON: on a phone network most of page-load time.
  // Up to 64 kB (a page of search results is about 11) it compresses in place, a few tenths of a ms,
  // where the stream the library otherwise uses on 2 cores costs 2 ms more per call in hand-offs.
  await app.register(compress, { threshold: 1024, syncThreshold: 64 * 1024 });
  await app.register(docs);
  await app.register(health);
  await app.register(unusedConnections);
  await app.register(authenticate);
  await app.register(rateLimit, { enabled: options.rateLimit ?? true });
  await app.register(idempotency);
  await app.register(liveService, {
    database: options.database,
    heartbeatMs: options.eventsHeartbeatMs ?? EVENTS_HEARTBEAT_SECONDS * 1000,
    lifetimeMs: options.eventsStreamLifetimeMs ?? ACCESS_TOKEN_TTL_SECONDS * 1000,
  });

  // Modules register here, each under /api/v1.
  await app.register(authModule, { prefix: '/api/v1/auth' });
  await app.register(listsModule, { prefix: '/api/v1/lists' });
  await app.register(importsModule, { prefix: '/api/v1/lists' });
  await app.register(teamsModule, { prefix: '/api/v1' });
  await app.register(activityModule, { prefix: '/api/v1' });
  await app.register(liveRoutes, { prefix: '/api/v1' });
  await app.register(catalogueService);
  await app.register(investorRoutes, { prefix: '/api/v1' });
  await app.register(contactsModule, { prefix: '/api/v1' });
  await app.register(fundRoutes, { prefix: '/api/v1' });
  await app.register(filterRoutes, { prefix: '/api/v1' });
  const clock = options.clock ?? (() => new Date());
  await app.register(pipelineModule, { prefix: '/api/v1', clock });
  await app.register(startupModule, { prefix: '/api/v1', clock });
  await app.register(savedSearchesModule);
  await app.register(captureService, { writesTo: ownConnection(options.database) });
  await app.register(captureRoutes, { prefix: '/api/v1' });
  await app.register(captureAddressRoutes, { prefix: '/api/v1' });
  await app.register(captureInboxRoutes, { prefix: '/api/v1', clock });
  await app.register(deckService);
  await app.register(decksModule, { prefix: '/api/v1', clock });
  await app.register(deckViewerModule, { prefix: '/api/v1', clock });
  await app.register(roundService);
  await app.register(roundModule, { prefix: '/api/v1', clock });
  await app.register(morningMailer, {
    clock,
    hour: options.config.followUpDigestHour,
    everyMs: options.digestEveryMs ?? 60_000,
    sections: [followUpSection, alertSection, roundSection(clock)],
  });

  if (options.clientDir) {
    await app.register(client, { clientDir: options.clientDir });
    await app.register(deckViewerPage, { clock });
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ detail: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
    );
  }
  return app;
}
