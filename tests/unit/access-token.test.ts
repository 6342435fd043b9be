import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokenReader, signAccessToken } from '../../src/server/modules/auth/access-token.js';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-signing';

describe('AccessTokenReader', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the claims of a valid token, again from memory', async () => {
    const reader = new AccessTokenReader(SECRET);
    const now = Date.now();
    const token = await signAccessToken(SECRET, 42, now, 'family-1');
    const claims = { userId: 42, sessionId: 'family-1', expiresAt: Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS };
    expect(await reader.read(token)).toEqual(claims);
    expect(await reader.read(token)).toEqual(claims);
  });

  it('refuses a remembered token once it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const issued = new Date('2026-11-24T10:00:00Z').getTime();
    vi.setSystemTime(issued);
    const reader = new AccessTokenReader(SECRET);
    const token = await signAccessToken(SECRET, 7, issued);
    const claims = { userId: 7, sessionId: null, expiresAt: issued / 1000 + ACCESS_TOKEN_TTL_SECONDS };
    expect(await reader.read(token)).toEqual(claims);
    vi.setSystemTime(issued + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000);
    expect(await reader.read(token)).toEqual(claims);
    vi.setSystemTime(issued + ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(await reader.read(token)).toBeNull();
    expect(await reader.read(token)).toBeNull();
  });

  it('refuses a token of another secret or with a changed signature, after reading a good one', async () => {
    const reader = new AccessTokenReader(SECRET);
    const good = await signAccessToken(SECRET, 1);
    expect(await reader.read(good)).not.toBeNull();
    expect(await reader.read(await signAccessToken(`${SECRET}-other`, 1))).toBeNull();
    const [header, payload, signature] = good.split('.');
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await reader.read(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(await new AccessTokenReader(`${SECRET}-other`).read(good)).toBeNull();
  });
});
