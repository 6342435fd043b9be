// How many HTTP requests this instance is answering now, in memory another thread can read: the capture listener's
// mails wait for a moment with none (capture/quiet-moment.ts), so a capture at full speed takes the CPU founders'
// requests leave rather than theirs. A request counts from onRequest until its answer is ready to send (onSend: an
// event stream counts only until it starts), or until its connection closes first.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** [0]: the requests being answered; notified (Atomics.notify) as each ends. */
    requestsInFlight: Int32Array;
  }
}

export const requestsInFlight = fp(async (app: FastifyInstance) => {
  const inFlight = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const counted = new WeakSet<FastifyRequest>();
  const done = (request: FastifyRequest) => {
    if (!counted.delete(request)) return;
    Atomics.sub(inFlight, 0, 1);
    Atomics.notify(inFlight, 0);
  };
  app.decorate('requestsInFlight', inFlight);
  app.addHook('onRequest', (request, reply, next) => {
    counted.add(request);
    Atomics.add(inFlight, 0, 1);
    reply.raw.once('close', () => done(request));
    next();
  });
  app.addHook('onSend', (request, _reply, payload, next) => {
    done(request);
    next(null, payload);
  });
});
