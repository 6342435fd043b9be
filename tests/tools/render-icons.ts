// npm run icons: renders public/icons/*.svg to the PNG sizes the manifest (its icons and its shortcuts') and iOS
// need, in Debian's Chromium.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dir = path.resolve('public/icons');
const outputs: Array<{ svg: string; size: number; file: string }> = [
  { svg: 'icon.svg', size: 192, file: 'icon-192.png' },
  { svg: 'icon.svg', size: 512, file: 'icon-512.png' },
  { svg: 'icon-maskable.svg', size: 192, file: 'icon-maskable-192.png' },
  { svg: 'icon-maskable.svg', size: 512, file: 'icon-maskable-512.png' },
  { svg: 'icon-maskable.svg', size: 180, file: 'apple-touch-icon.png' },
  ...['investors', 'follow-ups', 'startup', 'round'].flatMap((shortcut) =>
    [96, 192].map((size) => ({ svg: `shortcut-${shortcut}.svg`, size, file: `shortcut-${shortcut}-${size}.png` })),
  ),
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage();
for (const { svg, size, file } of outputs) {
  const markup = readFileSync(path.join(dir, svg), 'utf8');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">` +
      markup.replace('<svg ', `<svg width="${size}" height="${size}" `) +
      `</body></html>`,
  );
  await page.screenshot({ path: path.join(dir, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  console.log(`${file} (${size}×${size})`);
}
await browser.close();
