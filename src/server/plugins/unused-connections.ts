import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Ends, when the server closes, the connections that have not sent a whole request: Node's close drops the idle
 * keep-alive ones but leaves these to `headersTimeout` (60 s) — a client that opened a connection and sent nothing,
 * or a header sent slowly on purpose, held every shutdown (a deploy, a test's app) for a minute. Nothing of theirs
 * was read, so nothing is lost: their client opens another connection elsewhere.
 */
export const unusedConnections = fp(async (app: FastifyInstance) => {
  // Over HTTP/2 a request's socket is a proxy of its session's, never the connection's own: not tracked.
  if (app.initialConfig.http2) return;
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => unused.delete(request.socket));
  app.addHook('preClose', async () => {
    for (const socket of unused) socket.destroy();
  });
});
