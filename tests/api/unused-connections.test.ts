// A server closing (a deploy's SIGTERM, a test's app) ends the connections that never sent a whole request at
// once, instead of waiting out Node's 60 s headersTimeout for them (api/live-stream-access spent 69 s closing its
// app on one); a keep-alive connection that was answered closes as before.
import { describe, expect, it } from 'vitest';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';

/** A raw connection to the port that sends `bytes` (maybe nothing) and resolves `closed` when the server ends it. */
async function connect(port: number, bytes: string) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  if (bytes) socket.write(bytes);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  return { closed };
}

describe('closing the server', () => {
  it('ends connections that sent nothing or half a request header, as well as a keep-alive one it answered', async () => {
    const { app, close } = await buildTestApp(testDatabases()[0]);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const silent = await connect(port, '');
    const halfHeader = await connect(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const answered = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(answered.status).toBe(200);

    // Without this, close() waits for headersTimeout (60 s) and the test's own timeout fails it.
    await close();
    await Promise.all([silent.closed, halfHeader.closed]);
  }, 20_000);
});
