// What the startup and fit suites share: the profile form's selects, and the profile the server holds.
import type { Page } from 'playwright-core';
import type { StartupProfile } from '../../src/shared/fit';
import type { E2EApp } from '../helpers/e2e';

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
