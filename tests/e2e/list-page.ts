import type { Page } from 'playwright-core';

/** Runs an action of a list page's "More" menu (Edit, Import… or Delete List; on a phone, any of them). */
export async function chooseMoreAction(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menu', { name: 'More' }).getByRole('menuitem', { name, exact: true }).click();
}
