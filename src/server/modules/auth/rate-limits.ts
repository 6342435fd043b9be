import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { RateRule } from '../../plugins/rate-limit.js';

// The auth calls that can be used to guess passwords or codes, to find which addresses have accounts,
// or to flood a mailbox. Counted per client IP, and per account where one is named, so neither many
// addresses from one IP nor one address from many IPs gets far. The counters are shared by every
// instance (plugins/rate-limit.ts); the client IP is the peer unless TRUST_PROXY names it a proxy.

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** The client IP; an IPv6 client by its /64, which one subscriber usually holds whole. */
const byIp = (request: FastifyRequest) => normalizeIP(request.ip, 64);

function bodyField(field: string) {
  return (request: FastifyRequest) => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return String(value ?? '').trim().toLowerCase();
  };
}

export const AUTH_RATE_RULES = {
  login: [
    { name: 'login-ip', max: 30, windowMs: 15 * MINUTE, key: byIp },
    { name: 'login-email', max: 10, windowMs: 15 * MINUTE, key: bodyField('email') },
  ],
  verifyOtp: [
    { name: 'otp-ip', max: 30, windowMs: 15 * MINUTE, key: byIp },
    { name: 'otp-user', max: 10, windowMs: 15 * MINUTE, key: bodyField('user_id') },
  ],
  register: [{ name: 'register-ip', max: 20, windowMs: HOUR, key: byIp }],
  forgotPassword: [
    { name: 'forgot-ip', max: 10, windowMs: 15 * MINUTE, key: byIp },
    { name: 'forgot-email', max: 5, windowMs: HOUR, key: bodyField('email') },
  ],
  changePassword: [{ name: 'change-password-user', max: 10, windowMs: 15 * MINUTE, key: (r) => String(r.userId) }],
} satisfies Record<string, RateRule[]>;
