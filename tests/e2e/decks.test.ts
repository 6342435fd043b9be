// A deck sent and read, in headless Chromium against the built app: the founder uploads her deck on the Decks page
// and makes a link from an investor's row; a reader opens it on a phone (390 px) in another browser context, gives
// her e-mail, reads page 1 for ~3 s and page 2 for ~5 s and leaves; the founder's row says so, and the link's readers
// show each page's time within a second of how long it was in view. A link without download offers none, and its
// bytes go to no request that did not pass the gate. The founder, on her list meanwhile, gets a toast as the visit
// begins; the investor's own page shares the deck from each list's panel.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Investor, ListSummary } from '../../src/shared/api-types.js';
import { deckViewFilePath, type DeckLink } from '../../src/shared/decks.js';
import { describeE2E, useE2EApp } from '../helpers/e2e.js';
import { pdfWithPages } from '../helpers/pdf.js';
import { expectNoSeriousViolations } from './axe.js';
import { investorsOf } from './offline-helpers.js';
import { screenshotFor } from './screenshots.js';

const screenshot = screenshotFor('DECK_SCREENSHOTS');

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Seconds as the stats dialog says them ("3 s"), read back. */
const secondsIn = (text: string, page: number) => Number(new RegExp(`p\\. ${page} \\((\\d+) s\\)`).exec(text)?.[1]);

describeE2E('decks', () => {
  const e2e = useE2EApp();

  it('a link made from a row is read on a phone, and the row and its readers say for how long, page by page', async () => {
    const app = e2e.app();
    const { page: founder, tokens } = await app.loggedInPage('/decks', { context: { viewport: DESKTOP } });
    const token = tokens.access_token;
    const list = (await app.callApi('POST', '/lists', { name: 'Seed leads', description: '', list_type: 'investor' }, token)).body as unknown as ListSummary;
    const investor = (await investorsOf(app, token, 15)).find((row) => row.email) as Investor;
    expect((await app.callApi('POST', `/lists/${list.id}/investors/batch`, { investor_ids: [investor.id] }, token)).status).toBeLessThan(300);

    // The Decks page: upload a PDF of 3 pages.
    const file = path.join(tmpdir(), `seed-deck-${process.pid}.pdf`);
    writeFileSync(file, pdfWithPages(3));
    await founder.getByText('No decks yet').waitFor();
    const chooser = founder.waitForEvent('filechooser');
    await founder.getByRole('button', { name: 'Upload deck' }).click();
    await (await chooser).setFiles(file);
    await founder.getByRole('heading', { name: /^seed-deck-/ }).waitFor();
    await founder.getByText(/Version 1 · 3 pages/).waitFor();
    await screenshot(founder, 'decks-page');
    await expectNoSeriousViolations(founder, 'the Decks page');

    // Share deck from the investor's row: the link's gate is prefilled with the investor's e-mail.
    const name = `${investor.first_name} ${investor.last_name}`;
    await founder.goto(`/lists/${list.id}`);
    const row = founder.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: `Share deck with ${name}` }).click();
    const dialog = founder.getByRole('dialog', { name: `Deck links for ${name}` });
    await dialog.getByText(`No deck shared with ${name} yet.`).waitFor();
    await dialog.getByRole('button', { name: 'New link' }).click();
    await expect.poll(() => dialog.getByLabel('E-mail to prefill').inputValue()).toBe(investor.email);
    await dialog.getByRole('button', { name: 'Make and copy link' }).click();
    await dialog.getByText('Not viewed yet').waitFor();
    await screenshot(founder, 'share-deck-dialog');
    await expectNoSeriousViolations(founder, 'the Share deck dialog');
    const [link] = (await app.callApi('GET', `/lists/${list.id}/investors/${investor.id}/deck-links`, undefined, token)).body as unknown as DeckLink[];
    expect(link).toMatchObject({ require_email: true, allow_download: false, email: investor.email });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Its bytes go to no request that did not pass the gate.
    expect((await fetch(new URL(deckViewFilePath(link.token, 1), app.baseUrl))).status).toBeGreaterThanOrEqual(400);

    // A reader on a phone.
    const reader = await app.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const phone = await reader.newPage();
    await phone.goto(new URL(`/d/${link.token}`, app.baseUrl).toString());
    await phone.getByRole('heading', { name: /^seed-deck-/ }).waitFor();
    expect(await phone.getByLabel('E-mail').inputValue()).toBe(investor.email);
    await screenshot(phone, 'viewer-gate-390');
    await expectNoSeriousViolations(phone, 'the deck gate on a phone');
    await phone.getByLabel('E-mail').fill('reader@fund.example');
    await phone.getByRole('button', { name: 'View deck' }).click();
    const page1 = phone.getByRole('img', { name: 'Page 1 of 3' });
    await page1.waitFor();
    await phone.waitForFunction(() => document.querySelector('.deck-sr-only')?.textContent?.includes('Page 1'));
    // Page 1 is read from here: the checks below (an axe scan takes seconds on a loaded machine) count in its time.
    const readPage1 = Date.now();
    expect(await phone.getByRole('link', { name: 'Download' }).count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone, 'viewer-page-390');
    await expectNoSeriousViolations(phone, 'the deck on a phone');
    await phone.waitForTimeout(3000);
    await phone.getByRole('button', { name: 'Next page' }).click();
    await phone.waitForFunction(() => document.querySelector('.deck-sr-only')?.textContent?.includes('Page 2'));
    const readPage2 = Date.now();
    await phone.waitForTimeout(5000);
    // Page 2 is read until the page is hidden, which close() starts but does not wait for (runBeforeUnload): on a
    // loaded machine that can take seconds. Its time lies between asking to close and seeing the last beacon.
    const left = Date.now();
    const beacon = phone.waitForRequest((request) => request.url().endsWith('/beacon'));
    const closed = phone.waitForEvent('close');
    await phone.close({ runBeforeUnload: true });
    await Promise.all([closed, beacon.catch(() => undefined)]);
    const gone = Date.now();
    await reader.close();

    // The founder, in the app while it began, was told by a toast.
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await founder.getByText(new RegExp(`^${escaped} opened your deck seed-deck-\\S+ \\(reader@fund\\.example\\)$`)).waitFor({ timeout: 10_000 });

    // The founder's row says it was read, and the readers say each page's time. The phone's last beacon was sent as
    // it closed, and the server writes it a moment later (on a loaded machine, after a reload's read of the list):
    // the founder looks again until it is written.
    await expect
      .poll(
        async () => {
          await founder.reload();
          return row.getByText(/viewed just now · \d+ s · 2\/3 pages/).waitFor({ timeout: 3_000 }).then(() => true, () => false);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await screenshot(founder, 'list-deck-column');
    await row.getByRole('button', { name: `Share deck with ${name}` }).click();
    await dialog.getByRole('button', { name: /^Readers of the link for seed-deck-/ }).click();
    const stats = founder.getByRole('dialog', { name: new RegExp(`^${name}: seed-deck-`) });
    const visits = stats.getByRole('listitem').filter({ hasText: 'reader@fund.example' });
    await visits.waitFor();
    const text = (await visits.textContent()) ?? '';
    expect(Math.abs(secondsIn(text, 1) - (readPage2 - readPage1) / 1000)).toBeLessThanOrEqual(1);
    expect(secondsIn(text, 2)).toBeGreaterThanOrEqual(Math.floor((left - readPage2) / 1000) - 1);
    expect(secondsIn(text, 2)).toBeLessThanOrEqual(Math.ceil((gone - readPage2) / 1000) + 1);
    await stats.getByRole('table', { name: 'Time read per page' }).waitFor({ state: 'attached' });
    await screenshot(founder, 'link-readers');
    await expectNoSeriousViolations(founder, 'a link’s readers');

    // The investor's own page: each list's panel shares the deck too, with the same links.
    await founder.goto(`/investor/${investor.id}`);
    const panel = founder.getByRole('region', { name: 'Seed leads' });
    await panel.getByRole('button', { name: 'Share deck' }).click();
    await dialog.getByRole('button', { name: /^Readers of the link for seed-deck-/ }).waitFor();
    await dialog.getByText(/viewed just now · \d+ s · 2\/3 pages/).waitFor();
    await screenshot(founder, 'investor-share-deck');
  });
});
