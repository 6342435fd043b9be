// Account Settings in Chromium against the real server: the name change shows at once in the
// sidebar and survives a reload; a password change toasts the server's message and the new
// password is the one that logs in.
import { expect, it } from 'vitest';
import { describeE2E, useE2EApp } from '../helpers/e2e';

describeE2E('account settings', () => {
  const e2e = useE2EApp();

  it('updates the personal information', async () => {
    const { page, user } = await e2e.app().loggedInPage('/profile');
    await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Account Settings | Fundscape');
    const email = page.getByLabel('Email');
    expect(await email.inputValue()).toBe(user.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();

    const first = page.getByLabel(/^First Name/);
    await first.fill('');
    await page.getByText('Firstname is required').waitFor();
    await first.fill('Augusta');
    await page.getByLabel(/^Last Name/).fill('King');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Personal information updated successfully').waitFor();
    await page.getByRole('button', { name: `Augusta King ${user.email}` }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
    expect(await page.getByLabel(/^First Name/).inputValue()).toBe('Augusta');
    expect(await page.getByLabel(/^Last Name/).inputValue()).toBe('King');
  });

  it("changes the password: a wrong current one is refused with the server's detail, the new one logs in", async () => {
    const app = e2e.app();
    const { page, user } = await app.loggedInPage('/profile');
    await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
    const newPassword = 'Changed&again42';

    await page.getByLabel(/^Current Password/).fill('Not!theRightOne');
    await page.getByLabel(/^New Password/).fill(newPassword);
    await page.getByLabel(/^Confirm Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Current password is incorrect').waitFor();

    await page.getByLabel(/^Current Password/).fill(user.password);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated successfully').waitFor();
    expect(await page.getByLabel(/^Current Password/).inputValue()).toBe('');

    // Still logged in here; the old password no longer works, the new one does.
    await page.goto('/deal-offers');
    await page.getByRole('heading', { name: 'Exclusive Offers', level: 1 }).waitFor();
    const old = await app.callApi('POST', '/auth/login', { email: user.email, password: user.password });
    expect(old.status).toBe(401);
    const tokens = await app.loginTokens({ email: user.email, password: newPassword });
    expect(tokens.access_token).toBeTruthy();
  });
});
