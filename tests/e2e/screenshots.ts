import type { Page } from 'playwright-core';

/**
 * A suite's screenshot for a person to look at: a PNG named `name` in the folder the environment
 * variable `folderVariable` names, and nothing when it names none (as in CI).
 */
export function screenshotFor(folderVariable: string, { fullPage = true } = {}) {
  return async (page: Page, name: string): Promise<void> => {
    const folder = process.env[folderVariable];
    if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage });
  };
}
