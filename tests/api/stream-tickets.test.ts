// A stream ticket is only as good as the session it was asked in: one asked for before a log-out or a password
// reset opens nothing, and a stream ends at the earlier of its access token's expiry and its lifetime.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../../src/server/modules/auth/access-token.js';
import { revokeSessions, SESSION_ENDED } from '../../src/server/modules/auth/sessions.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { openEventStream, type EventStream } from '../helpers/event-stream.js';
import { caller } from '../helpers/pipeline.js';
import { member, type Member } from '../helpers/teams.js';

describe.each(testDatabases())('stream tickets and the session behind them on $name', (kind) => {
  let instance: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    instance = await buildTestApp(kind, { rateLimit: false });
    await instance.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(instance.app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await instance.close();
  }, 180_000);

  async function open(path: string, headers: Record<string, string> = {}) {
    const stream = await openEventStream(`${base}/api/v1/lists${path}`, headers);
    streams.push(stream);
    return stream;
  }

  async function ticketsOf(who: Member) {
    const listId = (await who.call('POST', '/lists', { name: 'Raise', list_type: 'investor' })).json().id as number;
    const ticket = async (path: string) => ((await who.call('POST', path)).json() as { ticket: string }).ticket;
    return { listId, list: await ticket(`/lists/${listId}/events/ticket`), mine: await ticket('/lists/events/ticket') };
  }

  it('refuses a ticket asked for before its session was logged out', async () => {
    const someone = await member(instance.app);
    const { listId, list, mine } = await ticketsOf(someone);
    const out = await instance.app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refresh_token: someone.tokens.refresh_token } });
    expect(out.statusCode).toBe(204);
    for (const path of [`/${listId}/events?ticket=${encodeURIComponent(list)}`, `/events?ticket=${encodeURIComponent(mine)}`]) {
      const res = await instance.app.inject({ url: `/api/v1/lists${path}` });
      expect(res.statusCode, path).toBe(401);
      expect(res.json()).toEqual({ detail: SESSION_ENDED });
    }
  });

  it('refuses a ticket asked for before a password reset ended every session of the user', async () => {
    const someone = await member(instance.app);
    const { listId, list } = await ticketsOf(someone);
    await revokeSessions(instance.app.db, someone.id);
    expect((await open(`/${listId}/events?ticket=${encodeURIComponent(list)}`)).status).toBe(401);
  });

  it('ends a stream when its access token expires, sooner than its lifetime, whether opened by ticket or token', async () => {
    const someone = await member(instance.app);
    const { sid } = decodeJwt(someone.token) as { sid: string };
    // A token of the same session with 2 seconds left.
    const issuedAt = Date.now() - (ACCESS_TOKEN_TTL_SECONDS - 2) * 1000;
    const token = await signAccessToken(instance.app.config.jwtSecret, someone.id, issuedAt, sid);
    const expiresAt = (Math.floor(issuedAt / 1000) + ACCESS_TOKEN_TTL_SECONDS) * 1000;
    const call = caller(instance.app, { authorization: `Bearer ${token}` });
    const listId = (await call('POST', '/lists', { name: 'Soon', list_type: 'fund' })).json().id as number;
    const { ticket } = (await call('POST', `/lists/${listId}/events/ticket`)).json() as { ticket: string };
    const byTicket = await open(`/${listId}/events?ticket=${encodeURIComponent(ticket)}`);
    const byToken = await open('/events', { authorization: `Bearer ${token}` });
    for (const stream of [byTicket, byToken]) expect(stream.status).toBe(200);
    await Promise.all([byTicket.ended, byToken.ended]);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt - 50);
    expect(Date.now()).toBeLessThan(expiresAt + 5000);
  }, 20_000);
});
