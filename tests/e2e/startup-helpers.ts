// What the startup and fit suites share: the profile form's selects, and the profile the server holds.
import type { Page } from 'playwright-core';
import type { StartupProfile } from '../../src/shared/fit';
import type { E2EApp } from '../helpers/e2e';
import { SAMPLE_STARTUP } from '../helpers/startup-profile';
import { waitForServiceWorker } from './offline-helpers';

/** Picks `option` in the form's select labelled `label`. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Ticks each industry in the form's multi-select, then closes it. */
export async function chooseIndustries(page: Page, industries: readonly string[]) {
  await page.getByRole('combobox', { name: 'Industries' }).click();
  for (const industry of industries) await page.getByRole('option', { name: industry, exact: true }).click();
  await page.keyboard.press('Escape');
}

export async function serverProfile(app: E2EApp, token: string): Promise<StartupProfile> {
  return (await app.callApi('GET', '/startup', undefined, token)).body as unknown as StartupProfile;
}

/**
 * A new founder whose profile is SAMPLE_STARTUP, on /startup with the service worker in control (so the
 * page keeps working offline): the start of the offline-edit tests.
 */
export async function startupPageWithProfile(app: E2EApp) {
  const { user, tokens } = await app.signUp();
  const saved = await app.callApi('PUT', '/startup', SAMPLE_STARTUP, tokens.access_token);
  if (saved.status !== 200) throw new Error(`PUT /startup answered ${saved.status}`);
  const { page, context } = await app.loggedInPage('/startup', { user, tokens, context: { serviceWorkers: 'allow' } });
  await waitForServiceWorker(page);
  return { page, context, tokens };
}
