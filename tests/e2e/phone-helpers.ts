import type { Page } from 'playwright-core';

/** A phone as the issue describes it: 390×844, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** A PNG of the page for a person to look at, when PHONE_SCREENSHOTS names a folder. */
export async function phoneScreenshot(page: Page, name: string) {
  const folder = process.env.PHONE_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}
