import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  /** The longest the requests in flight may take to finish before the server closes anyway. */
  graceMs?: number;
}

/**
 * Counts the requests being answered. Call before listening; drain() waits for the count to reach 0.
 */
export function trackRequests(app: FastifyInstance) {
  let inFlight = 0;
  app.server.on('request', (_request, response: { once(event: 'close', listener: () => void): void }) => {
    inFlight++;
    response.once('close', () => inFlight--);
  });
  return { inFlight: () => inFlight };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Stops the server the way a load balancer needs: /api/ready answers 503 at once; no new connection is
 * accepted; live event streams end (their clients resume elsewhere from their last event); every request already sent — answered, being answered, or still queued — is answered, each
 * with Connection: close so its client goes elsewhere next; then, with nothing in flight, the app closes
 * (closing the idle connections left). Nothing in flight is cut off or answered 5xx.
 */
export async function drain(
  app: FastifyInstance,
  requests: ReturnType<typeof trackRequests>,
  { graceMs = 30_000 }: DrainOptions = {},
): Promise<void> {
  app.draining = true;
  // net.Server's close, not http.Server's: that one also drops idle keep-alive connections at once, and a
  // request its client just sent on one (not read yet while the server is busy) would be lost.
  NetServer.prototype.close.call(app.server);
  // An event stream never finishes by itself: each is ended now (a list's, and those of a founder's own lists), and
  // its client reconnects elsewhere.
  app.liveStreams.closeAll();
  app.myListsStreams.closeAll();
  const deadline = Date.now() + graceMs;
  // Idle twice over: the loop had a turn to read whatever arrived on the open connections meanwhile.
  let idleTurns = 0;
  while (idleTurns < 2 && Date.now() < deadline) {
    await nextTurn();
    if (requests.inFlight() > 0) {
      idleTurns = 0;
      await new Promise((resolve) => setTimeout(resolve, 20));
    } else {
      idleTurns++;
    }
  }
  if (requests.inFlight() > 0) app.log.warn(`${requests.inFlight()} requests still unanswered after ${graceMs} ms: closing`);
  await app.close();
}
