import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { startSmtpSink, ReceivedMail } from './smtp-sink.js';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/** Auth calls through inject, with the mails read back from the SMTP sink. */
export function authFlow(app: FastifyInstance, sink: Sink) {
  let counter = 0;

  function call(method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return app.inject({ method, url: `/api/v1/auth${url}`, payload: payload as InjectOptions['payload'], headers });
  }

  /** Runs `action` and waits for the mail it causes to `to` (a mail that was not there before). */
  async function mailAfter(to: string, action: () => Promise<unknown>): Promise<ReceivedMail> {
    const before = new Set(sink.mails);
    await action();
    return sink.waitFor(to, (m) => !before.has(m));
  }

  function linkToken(mail: ReceivedMail, path: 'verify-email' | 'reset-password'): string {
    const match = new RegExp(`http://app\\.test/${path}/([A-Za-z0-9_-]+)`).exec(mail.text);
    expect(match, `a ${path} link in the mail`).not.toBeNull();
    return match![1];
  }

  function otpCode(mail: ReceivedMail): string {
    const match = /login code is (\d{6})\b/.exec(mail.text);
    expect(match, 'a 6-digit code in the mail').not.toBeNull();
    return match![1];
  }

  const flow = {
    call,
    mailAfter,
    linkToken,
    otpCode,
    uniqueEmail(tag = 'user'): string {
      counter += 1;
      return `${tag}${counter}.${Date.now()}@example.test`;
    },
    /** Signs up and answers the verification token from the mail. */
    async register(
      email: string,
      password = 'Secret!234',
      names = { first_name: 'Ada', last_name: 'Lovelace' },
    ): Promise<string> {
      let status = 0;
      const mail = await mailAfter(email, async () => {
        status = (await call('POST', '/register', { email, password, ...names })).statusCode;
      });
      expect(status).toBe(302);
      return linkToken(mail, 'verify-email');
    },
    /** A verified account; answers the tokens from verify-email. */
    async verifiedAccount(
      email: string = flow.uniqueEmail(),
      password = 'Secret!234',
    ): Promise<{ email: string; password: string; tokens: { access_token: string; refresh_token: string } }> {
      const token = await flow.register(email, password);
      const res = await call('POST', '/verify-email', { verification_id: token });
      expect(res.statusCode).toBe(200);
      return { email, password, tokens: res.json() as { access_token: string; refresh_token: string } };
    },
    /** Logs in and answers the user id and the code from the mail. */
    async loginCode(email: string, password = 'Secret!234'): Promise<{ userId: number; code: string }> {
      let userId = 0;
      const mail = await mailAfter(email, async () => {
        const res = await call('POST', '/login', { email, password });
        expect(res.statusCode).toBe(302);
        userId = res.json().user_id;
      });
      return { userId, code: otpCode(mail) };
    },
    /** A full login: password, mailed code, tokens. */
    async login(email: string, password = 'Secret!234'): Promise<{ access_token: string; refresh_token: string }> {
      const { userId, code } = await flow.loginCode(email, password);
      const res = await call('POST', '/verify-otp', { user_id: userId, code });
      expect(res.statusCode).toBe(200);
      return res.json() as { access_token: string; refresh_token: string };
    },
    bearer(accessToken: string) {
      return { authorization: `Bearer ${accessToken}` };
    },
  };
  return flow;
}
