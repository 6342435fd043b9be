// Logging in through the screens as a person does: the form, then the code the server mailed.
import type { Page } from 'playwright-core';
import type { E2EApp } from '../helpers/e2e';

/** Types a code into the six one-character boxes of /verify. */
export async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Character 1 of 6' }).click();
  await page.keyboard.type(code);
}

/** Fills and sends the log-in form on the page it is on, then enters the mailed code and continues. */
export async function logInWithMailedCode(app: E2EApp, page: Page, { email, password }: { email: string; password: string }) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  const mail = await app.mailAfter(email, () => page.getByRole('button', { name: 'Log In' }).click());
  await page.waitForURL(/\/verify\?/);
  await typeCode(page, app.codeIn(mail));
  await page.getByRole('button', { name: 'Continue' }).click();
}
