import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { HttpError } from './error-handler.js';
import { type CounterStore, databaseCounters, redisCounters } from './rate-limit-counters.js';

/** One counter: at most `max` requests per `windowMs` for each key the request maps to. */
export interface RateRule {
  /** Names the counter; two rules never share counts. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted, e.g. the client IP or the e-mail in the (already validated) body. */
  key(request: FastifyRequest): string;
}

/** A rule counting each user's calls (the logged-in caller's), at most `max` per `windowMs`. */
export function perUser(name: string, max: number, windowMs: number): RateRule {
  return { name, max, windowMs, key: (request) => String(request.userId) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that counts the request against every rule and answers 429 once one is exceeded. */
    rateLimited(rules: RateRule[]): preHandlerAsyncHookHandler;
  }
}

export interface RateLimitOptions {
  /** Off in tests that exercise something else; the hooks then let everything through. */
  enabled: boolean;
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** @fastify/rate-limit's store interface over our counters; every limiter shares the one store. */
function storeClass(counters: CounterStore) {
  return class implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, windowMs: number) {
      counters.hit(key, windowMs).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}

/** What a counter is stored under: the rule, and its key hashed (addresses and e-mails are not kept). */
function counterKey(rule: RateRule, request: FastifyRequest): string {
  return `${rule.name}:${createHash('sha256').update(rule.key(request)).digest('base64url')}`;
}

/**
 * Rate limits through @fastify/rate-limit, with counters every instance shares: in the database, or in
 * Redis when REDIS_URL is set. Rules run as a preHandler, after validation, so they can key on the body.
 */
export const rateLimit = fp(async (app: FastifyInstance, { enabled }: RateLimitOptions) => {
  if (!enabled) {
    app.decorate('rateLimited', () => async () => {});
    return;
  }
  const counters = app.config.redisUrl ? redisCounters(app.config.redisUrl) : databaseCounters(app.db);
  app.addHook('onClose', () => counters.close());
  await app.register(fastifyRateLimit, { global: false, store: storeClass(counters) });
  app.decorate('rateLimited', (rules: RateRule[]) => {
    const limiters = rules.map((rule) =>
      app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (request) => counterKey(rule, request),
      }),
    );
    return async (request, reply) => {
      for (const check of limiters) {
        let status;
        try {
          status = await check(request);
        } catch (error) {
          request.log.error({ err: error }, 'rate limit: the counters did not answer');
          throw new HttpError(503, 'This cannot be checked just now. Please try again in a moment.');
        }
        if (!status.isAllowed && status.isExceeded) {
          reply.header('retry-after', status.ttlInSeconds);
          throw new HttpError(429, `Too many attempts. Please try again in ${waitText(status.ttlInSeconds)}.`);
        }
      }
    };
  });
});
