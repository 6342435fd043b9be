// npx tsx tests/tools/render-screenshots.ts: the manifest's screenshots, taken from the running app
// (npm start's code path, a temporary DATA_DIR with the demo catalogue) logged in as a demo founder,
// in Debian's Chromium. Writes public/screenshots/investors-{wide,narrow}.png at the sizes the
// manifest names, and fails if the manifest names other sizes.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Investor, ListSummary, Paged } from '../../src/shared/api-types.js';
import { sessionState, startE2EApp } from '../helpers/e2e.js';

interface ManifestScreenshot {
  src: string;
  sizes: string;
  form_factor: 'wide' | 'narrow';
}

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'manifest.webmanifest'), 'utf8')) as { screenshots: ManifestScreenshot[] };

const app = await startE2EApp();
try {
  const user = await app.createUser({ first_name: 'Maya', last_name: 'Okafor', email: 'maya.okafor@example.com' });
  const tokens = await app.loginTokens(user);
  const token = tokens.access_token;
  // A couple of lists, so the sidebar shows what the app is for.
  const page1 = (await app.callApi('GET', '/investors/search?page=1&per_page=15', undefined, token)).body as unknown as Paged<Investor>;
  for (const [name, ids] of [
    ['Seed round shortlist', page1.results.slice(0, 6).map((i) => i.id)],
    ['Climate tech VCs', page1.results.slice(6, 9).map((i) => i.id)],
  ] as const) {
    const list = (await app.callApi('POST', '/lists', { name, description: '', list_type: 'investor' }, token)).body as unknown as ListSummary;
    await app.callApi('POST', `/lists/${list.id}/investors/batch`, { investor_ids: ids }, token);
  }

  for (const shot of manifest.screenshots) {
    const [width, height] = shot.sizes.split('x').map(Number);
    if (!width || !height) throw new Error(`manifest screenshot ${shot.src} has no WIDTHxHEIGHT size: "${shot.sizes}"`);
    const context = await app.newContext({
      viewport: { width, height },
      deviceScaleFactor: 1,
      isMobile: shot.form_factor === 'narrow',
      hasTouch: shot.form_factor === 'narrow',
      // No worker: its 'Ready to work offline' toast does not belong in the picture.
      serviceWorkers: 'block',
      storageState: sessionState(app.baseUrl, tokens),
    });
    const page = await context.newPage();
    await page.goto('/investors');
    await page.getByRole('table').first().waitFor();
    await page.getByRole('row').nth(3).waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    const file = path.join(root, 'public', shot.src);
    mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file, fullPage: false });
    console.log(`${path.relative(root, file)} (${width}×${height}, ${shot.form_factor})`);
    await context.close();
  }
} finally {
  await app.stop();
}
