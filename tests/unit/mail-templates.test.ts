import { describe, expect, it } from 'vitest';
import {
  alreadyRegisteredMail,
  loginCodeMail,
  resetPasswordMail,
  verifyEmailMail,
} from '../../src/server/mail/templates.js';

const ada = { email: 'ada@example.test', first_name: 'Ada' };

describe('mail templates', () => {
  it('puts the verification link in the text and the HTML', () => {
    const mail = verifyEmailMail(ada, 'http://app.test/verify-email/tok_EN-1');
    expect(mail.to).toBe('ada@example.test');
    expect(mail.subject).toBe('Verify your Fundscape email');
    expect(mail.text).toContain('\nhttp://app.test/verify-email/tok_EN-1\n');
    expect(mail.text).toContain('24 hours');
    expect(mail.html).toContain('href="http://app.test/verify-email/tok_EN-1"');
  });

  it('states the login code and how long it lasts', () => {
    const mail = loginCodeMail(ada, '012345', 10);
    expect(mail.text).toContain('login code is 012345');
    expect(mail.text).toContain('10 minutes');
  });

  it('puts the reset link in the mail', () => {
    const mail = resetPasswordMail(ada, 'http://app.test/reset-password/abc');
    expect(mail.text).toContain('\nhttp://app.test/reset-password/abc\n');
    expect(mail.text).toContain('1 hour');
  });

  it('tells the owner of a taken address where to log in or reset', () => {
    const mail = alreadyRegisteredMail(ada, 'http://app.test/login', 'http://app.test/forgot-password');
    expect(mail.text).toContain('already has an account');
    expect(mail.text).toContain('http://app.test/forgot-password');
  });

  it('escapes names in the HTML', () => {
    const mail = loginCodeMail({ email: 'x@example.test', first_name: '<img src=x onerror=alert(1)>' }, '123456', 10);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img');
    expect(mail.text).toContain('<img');
  });
});
