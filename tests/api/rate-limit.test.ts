import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AUTH_RATE_RULES } from '../../src/server/modules/auth/rate-limits.js';
import { testDatabases } from '../helpers/database.js';
import { buildTestApp } from '../helpers/app.js';
import { createVerifiedUser } from '../helpers/users.js';

// Every test uses its own client IPs and addresses, so no test counts another's attempts. The app trusts
// X-Forwarded-For from one proxy only, as TRUST_PROXY=10.255.0.1 would.
const TRUSTED_PROXY = '10.255.0.1';

describe.each(testDatabases())('rate limits on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let ipCounter = 0;
  const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: true, config: { trustProxy: [TRUSTED_PROXY] } }));
  });
  afterAll(() => close());

  function post(url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) {
    return app.inject({ method: 'POST', url: `/api/v1/auth${url}`, payload, remoteAddress, headers });
  }

  function expectLimited(res: Awaited<ReturnType<typeof post>>) {
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatch(/^Too many attempts\. Please try again in \d+ (minutes?|seconds?)\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  const max = (rules: Array<{ name: string; max: number }>, name: string) => rules.find((r) => r.name === name)!.max;

  it('limits logins per address, whichever IP they come from', async () => {
    const body = { email: 'target@example.test', password: 'Wrong!pass1' };
    const limit = max(AUTH_RATE_RULES.login, 'login-email');
    for (let i = 0; i < limit; i += 1) {
      expect((await post('/login', body, nextIp())).statusCode).toBe(401);
    }
    expectLimited(await post('/login', body, nextIp()));
    expectLimited(await post('/login', { ...body, email: ' TARGET@example.test' }, nextIp()));
    expect((await post('/login', { ...body, email: 'someone-else@example.test' }, nextIp())).statusCode).toBe(401);
  });

  it('limits logins per IP, whichever address they try', async () => {
    const ip = nextIp();
    const limit = max(AUTH_RATE_RULES.login, 'login-ip');
    for (let i = 0; i < limit; i += 1) {
      expect((await post('/login', { email: `probe${i}@example.test`, password: 'Wrong!pass1' }, ip)).statusCode).toBe(401);
    }
    expectLimited(await post('/login', { email: 'probe-last@example.test', password: 'Wrong!pass1' }, ip));
    expect((await post('/login', { email: 'probe-last@example.test', password: 'Wrong!pass1' }, nextIp())).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from a sender it does not trust: a made-up address on every attempt lifts nothing', async () => {
    const attacker = nextIp();
    const limit = max(AUTH_RATE_RULES.login, 'login-ip');
    for (let i = 0; i < limit; i += 1) {
      const spoofed = { 'x-forwarded-for': `203.0.113.${i % 250}, ${nextIp()}` };
      expect((await post('/login', { email: `spoof${i}@example.test`, password: 'x' }, attacker, spoofed)).statusCode).toBe(401);
    }
    expectLimited(await post('/login', { email: 'spoof-last@example.test', password: 'x' }, attacker, { 'x-forwarded-for': '198.51.100.7' }));
  });

  it('counts the client a trusted proxy names (TRUST_PROXY), each client on its own', async () => {
    const client = nextIp();
    const limit = max(AUTH_RATE_RULES.login, 'login-ip');
    for (let i = 0; i < limit; i += 1) {
      const res = await post('/login', { email: `fwd${i}@example.test`, password: 'x' }, TRUSTED_PROXY, { 'x-forwarded-for': client });
      expect(res.statusCode).toBe(401);
    }
    expectLimited(await post('/login', { email: 'fwd-last@example.test', password: 'x' }, TRUSTED_PROXY, { 'x-forwarded-for': client }));
    const other = await post('/login', { email: 'fwd-last@example.test', password: 'x' }, TRUSTED_PROXY, { 'x-forwarded-for': nextIp() });
    expect(other.statusCode).toBe(401);
  });

  it('limits code checks per account', async () => {
    const { user } = await createVerifiedUser(app);
    const limit = max(AUTH_RATE_RULES.verifyOtp, 'otp-user');
    for (let i = 0; i < limit; i += 1) {
      expect((await post('/verify-otp', { user_id: user.id, code: '000000' }, nextIp())).statusCode).toBe(400);
    }
    expectLimited(await post('/verify-otp', { user_id: user.id, code: '000000' }, nextIp()));
  });

  it('limits code checks per IP', async () => {
    const ip = nextIp();
    const limit = max(AUTH_RATE_RULES.verifyOtp, 'otp-ip');
    for (let i = 0; i < limit; i += 1) {
      await post('/verify-otp', { user_id: 100_000 + i, code: '000000' }, ip);
    }
    expectLimited(await post('/verify-otp', { user_id: 200_000, code: '000000' }, ip));
  });

  it('limits sign-ups per IP', async () => {
    const ip = nextIp();
    const limit = max(AUTH_RATE_RULES.register, 'register-ip');
    // Counted although the handler refuses the weak password: the limiter runs before the handler.
    for (let i = 0; i < limit; i += 1) {
      const res = await post('/register', { email: `new${i}@example.test`, password: 'short', first_name: 'A', last_name: 'B' }, ip);
      expect(res.statusCode).toBe(422);
    }
    expectLimited(await post('/register', { email: 'new-last@example.test', password: 'Secret!234', first_name: 'A', last_name: 'B' }, ip));
  });

  it('limits reset mails per address and per IP', async () => {
    const perEmail = max(AUTH_RATE_RULES.forgotPassword, 'forgot-email');
    for (let i = 0; i < perEmail; i += 1) {
      expect((await post('/forgot-password', { email: 'flooded@example.test' }, nextIp())).statusCode).toBe(200);
    }
    expectLimited(await post('/forgot-password', { email: 'flooded@example.test' }, nextIp()));

    const ip = nextIp();
    const perIp = max(AUTH_RATE_RULES.forgotPassword, 'forgot-ip');
    for (let i = 0; i < perIp; i += 1) {
      expect((await post('/forgot-password', { email: `ask${i}@example.test` }, ip)).statusCode).toBe(200);
    }
    expectLimited(await post('/forgot-password', { email: 'ask-last@example.test' }, ip));
  });

  it('limits password changes per user', async () => {
    const { headers } = await createVerifiedUser(app);
    const limit = max(AUTH_RATE_RULES.changePassword, 'change-password-user');
    const body = { current_password: 'Wrong!pass1', new_password: 'Brand!new99', confirm_password: 'Brand!new99' };
    for (let i = 0; i < limit; i += 1) {
      expect((await post('/change-password', body, nextIp(), headers)).statusCode).toBe(400);
    }
    expectLimited(await post('/change-password', body, nextIp(), headers));
  });

  it('does not limit calls it has no rule for', async () => {
    const ip = nextIp();
    for (let i = 0; i < 40; i += 1) {
      expect((await post('/refresh', { refresh_token: `nope-${i}` }, ip)).statusCode).toBe(401);
    }
  });
});
