import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { HttpError } from './error-handler.js';

/** One counter: at most `max` requests per `windowMs` for each key the request maps to. */
export interface RateRule {
  /** Names the counter; two rules never share counts. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted, e.g. the client IP or the e-mail in the (already validated) body. */
  key(request: FastifyRequest): string;
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

/**
 * Rate limits kept in memory by @fastify/rate-limit (per process: instances behind a load balancer
 * each count on their own). Rules run as a preHandler, after validation, so they can key on the body.
 */
export const rateLimit = fp(async (app: FastifyInstance, { enabled }: RateLimitOptions) => {
  if (!enabled) {
    app.decorate('rateLimited', () => async () => {});
    return;
  }
  await app.register(fastifyRateLimit, { global: false, cache: 20_000 });
  app.decorate('rateLimited', (rules: RateRule[]) => {
    const limiters = rules.map((rule) => ({
      rule,
      check: app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (request) => `${rule.name}:${rule.key(request)}`,
      }),
    }));
    return async (request, reply) => {
      for (const { check } of limiters) {
        const status = await check(request);
        if (!status.isAllowed && status.isExceeded) {
          reply.header('retry-after', status.ttlInSeconds);
          throw new HttpError(429, `Too many attempts. Please try again in ${waitText(status.ttlInSeconds)}.`);
        }
      }
    };
  });
});
