// Sign-up, e-mail verification, log-in with the mailed code, and the password reset, in Chromium
// against the real server; every link and code is read from the mail the server sent.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_PASSWORD, describeE2E, uniqueEmail, useE2EApp, type E2EApp } from '../helpers/e2e';
import { typeCode } from './auth-helpers';

async function logInThroughForm(app: E2EApp, page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  const mail = await app.mailAfter(email, () => page.getByRole('button', { name: 'Log In' }).click());
  await expect.poll(() => page.getByText('OTP code sent successfully').isVisible()).toBe(true);
  await page.waitForURL(/\/verify\?/);
  return app.codeIn(mail);
}

describeE2E('auth screens', () => {
  const e2e = useE2EApp();

  it('signs up, verifies the e-mail from the mailed link, logs in with the mailed code and lands on /investors', async () => {
    const app = e2e.app();
    const email = uniqueEmail('signup');
    const page = await app.newPage();

    await page.goto('/register');
    await expect.poll(() => page.title()).toBe('Sign Up | Fundscape');
    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(DEFAULT_PASSWORD);
    const mail = await app.mailAfter(email, () => page.getByRole('button', { name: 'Sign Up' }).click());
    await page
      .getByText(
        "Registration successful! We've sent a verification link to your email. Please check your inbox and follow the link to verify your account.",
      )
      .waitFor();
    expect(await page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');

    // The link opens in a fresh browser, as from a mail client.
    const linkPage = await app.newPage();
    await linkPage.goto(app.linkIn(mail, 'verify-email'));
    await linkPage.getByText('Verifying Email...').waitFor();
    await linkPage.getByText('Email verified successfully').waitFor();
    const stored = await linkPage.evaluate(() => localStorage.getItem('fundscape.refresh_token'));
    expect(stored).toBeTruthy();

    await page.getByRole('link', { name: 'Back to Login' }).click();
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.title()).toBe('Log In | Fundscape');
    const code = await logInThroughForm(app, page, email, DEFAULT_PASSWORD);
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    await expect.poll(() => page.title()).toBe('Verify | Fundscape');
    await typeCode(page, code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/investors$/);
    await page.getByRole('heading', { name: 'Investors', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Investors | Fundscape');
    await expect.poll(() => page.getByText(email).first().isVisible()).toBe(true);
  });

  it('shows the server detail above the form for a wrong password and for a wrong code', async () => {
    const app = e2e.app();
    const user = await app.createUser();
    const page = await app.newPage();
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('Log In | Fundscape');
    // The form's fields are as wide as the form, the password (wrapped with its link) too.
    const widthOf = async (label: string | RegExp) => (await page.getByLabel(label).locator('..').boundingBox())?.width;
    expect(await widthOf(/^Password/)).toBe(await widthOf('Email'));

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel(/^Password/).fill('Wrong!password1');
    await page.getByRole('button', { name: 'Log In' }).click();
    const alert = page.getByRole('alert').filter({ hasText: /./ }).first();
    await alert.waitFor();
    expect((await alert.textContent())?.trim().length).toBeGreaterThan(0);
    expect(page.url()).toMatch(/\/$/);

    const code = await logInThroughForm(app, page, user.email, user.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Please fill the OTP code').waitFor();

    const wrong = code === '000000' ? '111111' : '000000';
    await typeCode(page, wrong);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('form[aria-label="Verify code"] [role="alert"]').waitFor();
    expect(page.url()).toContain('/verify');
    expect(await page.evaluate(() => localStorage.getItem('fundscape.access_token'))).toBeNull();

    // The right code still works after a wrong try.
    await typeCode(page, code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/investors$/);
  });

  it('pastes the whole code into the six boxes', async () => {
    const app = e2e.app();
    const user = await app.createUser();
    const context = await app.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto('/login');
    const code = await logInThroughForm(app, page, user.email, user.password);
    await page.evaluate((text) => navigator.clipboard.writeText(text), code);
    await page.getByRole('textbox', { name: 'Character 3 of 6' }).click();
    await page.keyboard.press('Control+V');
    for (let index = 0; index < 6; index += 1) {
      expect(await page.getByRole('textbox', { name: `Character ${index + 1} of 6` }).inputValue()).toBe(code[index]);
    }
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/investors$/);
  });

  it('resets a forgotten password from the mailed link and logs in with the new one', async () => {
    const app = e2e.app();
    const user = await app.createUser();
    const page = await app.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await expect.poll(() => page.title()).toBe('Forgot Password | Fundscape');

    await page.getByLabel('Email').fill(user.email);
    const mail = await app.mailAfter(user.email, () => page.getByRole('button', { name: 'Reset Password' }).click());
    await page
      .getByText("We've sent you a password reset link! Please check your email and follow the instructions to reset your password.")
      .waitFor();

    await page.goto(app.linkIn(mail, 'reset-password'));
    await expect.poll(() => page.title()).toBe('Reset Password | Fundscape');
    const newPassword = 'Brand&new-pass9';
    await page.getByLabel(/^New Password/).fill(newPassword);
    await page.getByLabel(/^Confirm Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password has been updated').waitFor();
    await page.waitForURL(/\/login$/);

    const code = await logInThroughForm(app, page, user.email, newPassword);
    await typeCode(page, code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/investors$/);
  });

  it('sends /verify without the e-mail and user id back to /login', async () => {
    const page = await e2e.app().newPage();
    await page.goto('/verify');
    await page.waitForURL(/\/login$/);
  });
});
