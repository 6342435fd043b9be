import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { migrationsApplied } from '../db/client.js';
import { errorBody } from './validation.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once the process is shutting down: readiness fails and connections close after their answer. */
    draining: boolean;
  }
}

const status = <Value extends string>(value: Value) => Type.Object({ status: Type.Literal(value) });

/**
 * For the load balancer in front: GET /api/health (the process is up) and GET /api/ready (the database
 * answers, every migration is applied and the process is not shutting down; 503 otherwise).
 */
export const health = fp(async (instance: FastifyInstance) => {
  instance.decorate('draining', false);
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  // While draining, each HTTP/1.1 connection closes after its current answer, so a client (or the load
  // balancer) opens its next one elsewhere instead of sending into a server about to go.
  app.addHook('onRequest', async (request, reply) => {
    if (app.draining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
  });

  app.get(
    '/api/health',
    { schema: { tags: ['Health'], summary: 'The process is up', response: { 200: status('ok') } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['Health'],
        summary: 'Ready for traffic: the database answers and is migrated, and the process is not stopping',
        response: { 200: status('ready'), 503: errorBody },
      },
    },
    async (request, reply) => {
      if (app.draining) return reply.status(503).send({ detail: 'Shutting down' });
      try {
        if (!(await migrationsApplied(app.db))) {
          return reply.status(503).send({ detail: 'The database is missing migrations' });
        }
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: the database did not answer');
        return reply.status(503).send({ detail: 'The database does not answer' });
      }
      return { status: 'ready' as const };
    },
  );
});
