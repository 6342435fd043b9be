// The count of requests being answered, which the capture's mails wait on (capture/quiet-moment.ts): a request counts
// from its arrival until its answer is ready, an event stream only until it starts, and one whose client left only
// until then, once.
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestsInFlight } from '../../src/server/plugins/requests-in-flight.js';
import { MAIL_WAITS_AT_MOST_MS, quietMoment } from '../../src/server/modules/capture/quiet-moment.js';

describe('requests in flight', () => {
  let app: FastifyInstance;
  let base: string;
  let release: () => void = () => {};
  let answered = 0;

  beforeAll(async () => {
    // An event stream's connection stays open: closing the app ends it.
    app = Fastify({ forceCloseConnections: true });
    await app.register(requestsInFlight);
    app.get('/held', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      answered++;
      return { ok: true };
    });
    app.get('/stream', async (_request, reply) => {
      const stream = new PassThrough();
      stream.write(': open\n\n');
      return reply.header('content-type', 'text/event-stream').send(stream);
    });
    app.get('/fails', async () => {
      throw new Error('no');
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  const inFlight = () => Atomics.load(app.requestsInFlight, 0);

  it('counts a request until its answer is ready', async () => {
    const response = fetch(`${base}/held`);
    await vi.waitFor(() => expect(inFlight()).toBe(1));
    const quiet = quietMoment(app.requestsInFlight, 60_000);
    release();
    await quiet;
    expect((await response).status).toBe(200);
    expect(inFlight()).toBe(0);
  });

  it('counts a failed request until its error is answered', async () => {
    expect((await fetch(`${base}/fails`)).status).toBe(500);
    expect(inFlight()).toBe(0);
  });

  it('counts an event stream only until it starts', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/stream`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(inFlight()).toBe(0);
    controller.abort();
  });

  it('counts a request whose client left until it left, once', async () => {
    const before = answered;
    const controller = new AbortController();
    const response = fetch(`${base}/held`, { signal: controller.signal }).catch(() => null);
    await vi.waitFor(() => expect(inFlight()).toBe(1));
    controller.abort();
    await response;
    await vi.waitFor(() => expect(inFlight()).toBe(0));
    release();
    await vi.waitFor(() => expect(answered).toBe(before + 1));
    expect(inFlight()).toBe(0);
  });
});

describe('a quiet moment', () => {
  it('comes at once when no request is being answered', async () => {
    // Before any timer or I/O callback could run, however loaded the machine (a bound in ms failed on a slow one).
    const first = await Promise.race([
      quietMoment(new Int32Array(new SharedArrayBuffer(4)), 60_000).then(() => 'quiet moment'),
      new Promise((resolve) => setImmediate(() => resolve('next turn'))),
    ]);
    expect(first).toBe('quiet moment');
  });

  it('comes when the last request ends, told by Atomics.notify', async () => {
    const inFlight = new Int32Array(new SharedArrayBuffer(4));
    inFlight[0] = 2;
    let came = false;
    const quiet = quietMoment(inFlight, 60_000).then(() => (came = true));
    Atomics.sub(inFlight, 0, 1);
    Atomics.notify(inFlight, 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(came).toBe(false);
    Atomics.sub(inFlight, 0, 1);
    Atomics.notify(inFlight, 0);
    await quiet;
    expect(came).toBe(true);
  });

  it('comes after the longest wait however busy the instance is', async () => {
    const inFlight = new Int32Array(new SharedArrayBuffer(4));
    inFlight[0] = 1;
    const started = performance.now();
    await quietMoment(inFlight, MAIL_WAITS_AT_MOST_MS);
    expect(performance.now() - started).toBeGreaterThanOrEqual(MAIL_WAITS_AT_MOST_MS - 2);
  });
});
