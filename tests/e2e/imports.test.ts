// Bringing a founder's own investors in, in headless Chromium against the built app: a messy spreadsheet
// (Windows-1252, semicolons, statuses, amounts, an ambiguous date, a repeat, rows in error, a formula and HTML
// as text) imported into a list through every step, matched with the catalogue, then undone; and a private
// contact added by hand, seen with its badge on the list and on the board. axe on every step.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Investor } from '../../src/shared/api-types.js';
import type { ActivityEntry } from '../../src/shared/teams.js';
import { describeE2E, useE2EApp, type E2EApp } from '../helpers/e2e.js';
import { expectNoSeriousViolations } from './axe.js';
import { chooseMoreAction } from './list-page.js';
import { investorsOf, waitForServiceWorker } from './offline-helpers.js';
import { fullName, pipelineSetUp, screenshot, serverPipeline, type PipelineSetup } from './pipeline-helpers.js';

type Item = Investor & { private?: boolean; pipeline: { stage: string; amount: number | null; follow_up_on: string | null } };

async function listItems(app: E2EApp, setup: PipelineSetup): Promise<Item[]> {
  const res = await app.callApi('GET', `/lists/${setup.list.id}/items`, undefined, setup.accessToken);
  expect(res.status).toBe(200);
  return res.body as unknown as Item[];
}

const known = (value: string | null | undefined) => Boolean(value && value !== 'NaN');
const domainOf = (website: string) => new URL(/^https?:\/\//.test(website) ? website : `https://${website}`).hostname.replace(/^www\./, '');

/** Catalogue investors the file names in three ways: by e-mail, by name and firm, by website and last name. */
async function catalogueRows(app: E2EApp, setup: PipelineSetup) {
  const onList = new Set(setup.investors.map((investor) => investor.id));
  const rows = [...(await investorsOf(app, setup.accessToken, 15)), ...(await investorsOf(app, setup.accessToken, 15, 2))].filter(
    (investor) => !onList.has(investor.id),
  );
  const byEmail = rows.find((investor) => known(investor.email))!;
  const byFirm = rows.find((investor) => investor !== byEmail && known(investor.firm_name))!;
  const byWebsite = rows.find((investor) => investor !== byEmail && investor !== byFirm && known(investor.office_website))!;
  expect([byEmail, byFirm, byWebsite].every(Boolean)).toBe(true);
  return { byEmail, byFirm, byWebsite };
}

/** A CSV as Excel writes it in Europe: semicolons, CRLF, Windows-1252. */
function excelCsv(lines: string[][]): Buffer {
  const cell = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return Buffer.from(lines.map((line) => line.map(cell).join(';')).join('\r\n') + '\r\n', 'latin1');
}

async function nextStep(page: Page, heading: string, label = 'Next') {
  await page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('dialog').getByRole('heading', { name: heading, exact: true }).waitFor();
}

describeE2E('importing a spreadsheet and private contacts', () => {
  const e2e = useE2EApp();

  it('imports a messy spreadsheet into a list through every step, matched with the catalogue, then undoes it', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'Imported raise', 1);
    const { page } = setup;
    const [already] = setup.investors;
    const { byEmail, byFirm, byWebsite } = await catalogueRows(app, setup);
    const file = excelCsv([
      ['Name', 'E-mail', 'Firm', 'Website', 'Status', 'Amount', 'Next follow-up', 'Notes'],
      [fullName(byEmail), byEmail.email.toUpperCase(), '', '', 'Intro', '$1.5M', '03/04/2027', 'Met at the café'],
      [fullName(byFirm), '', `${byFirm.firm_name} LLC`, '', 'Pitched', '500k', '', ''],
      [fullName(byWebsite), '', '', `https://www.${domainOf(byWebsite.office_website)}/team`, 'TS', '1.000.000', '2027-05-01', ''],
      ['Grace Hopper', 'grace@example.org', 'Hopper Angels', '', 'Intro', '250k', '', 'Friend of a friend'],
      [fullName(byEmail), byEmail.email, '', '', 'Intro', '', '', 'the same again'],
      [fullName(already), already.email, '', '', 'Pass', '', '', ''],
      ['', '', 'Nobody Capital', '', '', '', '', ''],
      ['Bad Mail', 'not-an-email', '', '', '', '', '', ''],
      ['<b>Ada</b> Byron', '', '', '', 'Intro', '', '', '=HYPERLINK("http://evil.example","Click")'],
    ]);

    await page.goto(`/lists/${setup.list.id}`);
    await chooseMoreAction(page, 'Import…');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'The file', exact: true }).waitFor();
    await dialog.getByText('at most 5,000 rows and 5 MB').waitFor();
    await expectNoSeriousViolations(page, 'import: the file');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'messy.csv', mimeType: 'text/csv', buffer: file });
    await dialog.getByText('9 rows · 8 columns · Windows-1252 (Excel), separated by semicolons').waitFor();
    await screenshot(page, 'import-1-file');

    await nextStep(page, 'Columns');
    for (const [header, field] of [
      ['Name', 'Full name'],
      ['E-mail', 'E-mail'],
      ['Status', 'Stage or status'],
      ['Next follow-up', 'Next follow-up'],
    ]) {
      await expect.poll(() => dialog.getByRole('combobox', { name: `Field for ${header}` }).textContent()).toContain(field);
    }
    await expectNoSeriousViolations(page, 'import: columns');
    await screenshot(page, 'import-2-columns');

    await nextStep(page, 'Values');
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Stage for Pitched' }).textContent()).toBe('Meeting');
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Stage for TS' }).textContent()).toBe('Term sheet');
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Stage for Pass' }).textContent()).toBe('Passed');
    // 03/04/2027 could be either: the file asks once.
    expect(await dialog.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: /Day first/ }).check();
    await expectNoSeriousViolations(page, 'import: values');
    await screenshot(page, 'import-3-values');

    await nextStep(page, 'Review');
    const rowsOfFile = dialog.getByRole('table', { name: 'Rows of the file' });
    await rowsOfFile.waitFor();
    const fileRow = (name: string) => rowsOfFile.getByRole('row').filter({ hasText: name });
    await fileRow(byEmail.last_name).first().getByText('Exact', { exact: false }).waitFor();
    await fileRow(byFirm.last_name).getByText(/^Likely/).waitFor();
    await fileRow(byWebsite.last_name).getByText(/^Likely/).waitFor();
    await fileRow('Grace Hopper').getByText(/^No match/).waitFor();
    await fileRow(already.last_name).getByText('On the list', { exact: true }).waitFor();
    await rowsOfFile.getByText('Repeat of row 2').waitFor();
    const errors = dialog.getByRole('region', { name: 'Rows with errors' });
    await errors.getByText(/Row 8/).waitFor();
    await errors.getByText(/Row 9/).waitFor();
    // HTML in a cell is text.
    await fileRow('Byron').getByText('<b>Ada</b> Byron').waitFor();
    expect(await fileRow('Grace Hopper').getByRole('combobox').inputValue()).toBe('create');
    await expectNoSeriousViolations(page, 'import: review');
    await screenshot(page, 'import-4-review');

    await nextStep(page, 'Import');
    await expectNoSeriousViolations(page, 'import: import');
    await dialog.getByRole('button', { name: /^Import \d+ rows$/ }).click();
    await dialog.getByRole('heading', { name: 'Imported', exact: true }).waitFor();
    await dialog.getByText('Added 3 from the catalogue, created 2 private contacts, updated 1, skipped 3.').waitFor();
    await screenshot(page, 'import-5-imported');

    const items = await listItems(app, setup);
    expect(items.map((item) => item.id).sort()).toEqual(
      expect.arrayContaining([already.id, byEmail.id, byFirm.id, byWebsite.id].sort()),
    );
    expect(items).toHaveLength(6);
    const emailed = items.find((item) => item.id === byEmail.id)!;
    expect(emailed.pipeline).toMatchObject({ stage: 'contacted', amount: 1_500_000, follow_up_on: '2027-04-03' });
    expect(items.find((item) => item.id === byWebsite.id)!.pipeline).toMatchObject({ stage: 'term_sheet', amount: 1_000_000 });
    expect((await serverPipeline(app, setup, already)).stage).toBe('passed');
    const grace = items.find((item) => item.last_name === 'Hopper')!;
    expect(grace).toMatchObject({ private: true, first_name: 'Grace', email: 'grace@example.org', firm_name: 'Hopper Angels' });
    expect(items.find((item) => item.last_name === 'Byron')).toMatchObject({ private: true, first_name: '<b>Ada</b>' });
    const activity = await app.callApi('GET', `/lists/${setup.list.id}/investors/${byEmail.id}/activity`, undefined, setup.accessToken);
    expect((activity.body as unknown as ActivityEntry[]).some((entry) => entry.action === 'imported')).toBe(true);

    // Undo: exactly what it added goes, what it changed comes back.
    await dialog.getByRole('button', { name: 'Undo import' }).click();
    await dialog.getByRole('heading', { name: 'Import undone', exact: true }).waitFor();
    const after = await listItems(app, setup);
    expect(after.map((item) => item.id)).toEqual([already.id]);
    expect(after[0].pipeline).toMatchObject({ stage: 'lead', amount: null, follow_up_on: null });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('grid').getByText(fullName(already)).waitFor();
    await expect.poll(() => page.getByRole('grid').getByText('Grace Hopper').count()).toBe(0);
  });

  it('adds a private contact by hand and shows it, badged, on the list and the board', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'Angels', 1);
    const { page } = setup;
    await page.goto(`/lists/${setup.list.id}`);
    await page.getByRole('button', { name: 'Add an investor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add investor' }).click();
    await dialog.getByText('First Name is required').waitFor();
    await dialog.getByLabel('First Name').fill('Katherine');
    await dialog.getByLabel('Last Name').fill('Johnson');
    await dialog.getByLabel('Email').fill('katherine@');
    await dialog.getByText('Invalid email').waitFor();
    await dialog.getByLabel('Email').fill('katherine@example.org');
    await dialog.getByLabel('Firm', { exact: true }).fill('Orbit Angels');
    await expectNoSeriousViolations(page, 'the contact form');
    await screenshot(page, 'contact-form');
    await dialog.getByRole('button', { name: 'Add investor' }).click();
    await page.getByText('Katherine Johnson was added to Angels').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(async () => (await listItems(app, setup)).find((item) => item.last_name === 'Johnson')?.private).toBe(true);
    const row = page.getByRole('row').filter({ hasText: 'Katherine Johnson' });
    await row.getByText('Private').waitFor();
    await page.getByRole('button', { name: 'Board' }).click();
    const lead = page.getByRole('region', { name: 'Lead', exact: true });
    await lead.getByText('Katherine Johnson').waitFor();
    await lead.getByText('Private').waitFor();
    await expectNoSeriousViolations(page, 'the board with a private contact');
    await screenshot(page, 'contact-board');
  });

  it('adds a private contact on a phone while the connection is lost: a pending card, not a link, that lands once', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'On the road', 1, { viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
    const { page, context } = setup;
    await page.goto(`/lists/${setup.list.id}`);
    // As on a phone the app was installed on: the service worker holds the app's code.
    await waitForServiceWorker(page);
    // On a phone the list's actions are in its More menu.
    await chooseMoreAction(page, 'Add an investor');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First Name').fill('Dorothy');
    await dialog.getByLabel('Last Name').fill('Vaughan');
    await context.setOffline(true);
    // The offline banner at the screen's foot stays below the dialog, whose buttons are there on a phone.
    await page.getByText('You are offline. Pages you opened before still work').waitFor({ state: 'attached' });
    await dialog.getByRole('button', { name: 'Add investor' }).click();
    await page.getByText('Dorothy Vaughan will be added to On the road once you are back online').waitFor();

    const cards = page.getByRole('list', { name: 'On the road' });
    const draft = cards.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Dorothy Vaughan' }) });
    await draft.getByText('Pending').waitFor();
    await draft.getByText('Private').waitFor();
    // Nothing to open or change until the server has it.
    expect(await draft.getByRole('link', { name: 'Dorothy Vaughan' }).count()).toBe(0);
    expect(await draft.getByRole('combobox').count()).toBe(0);
    await expectNoSeriousViolations(page, 'a pending private contact on a phone');

    await context.setOffline(false);
    await draft.getByRole('link', { name: 'Dorothy Vaughan' }).waitFor();
    await draft.getByRole('combobox', { name: 'Stage of Dorothy Vaughan' }).waitFor();
    const vaughans = (await listItems(app, setup)).filter((item) => item.last_name === 'Vaughan');
    expect(vaughans).toHaveLength(1);
    expect(vaughans[0].private).toBe(true);
  });

  it('offers Undo import on the list’s page for an import made before, and fits a 360 px phone', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'Undo later', 1, { viewport: { width: 360, height: 740 } });
    const { page } = setup;
    const { byEmail } = await catalogueRows(app, setup);
    const rows = [{ email: byEmail.email, decision: { action: 'link', investor_id: byEmail.id } }];
    const landed = await app.callApi('POST', `/lists/${setup.list.id}/imports`, { file_name: 'a rather long tracker name.csv', rows }, setup.accessToken);
    expect(landed.status).toBe(201);
    await page.goto(`/lists/${setup.list.id}`);
    const banner = page.getByRole('region', { name: 'Recent import' });
    await banner.getByText('Imported a rather long tracker name.csv just now · 1 added from the catalogue').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousViolations(page, 'the undo import banner');
    await banner.getByRole('button', { name: 'Undo import' }).click();
    const confirm = page.getByRole('dialog', { name: 'Undo import' });
    await confirm.getByText('Undo the import of a rather long tracker name.csv? It removes the 1 investor it added.').waitFor();
    await confirm.getByRole('button', { name: 'Undo import' }).click();
    await page.getByText('The import of a rather long tracker name.csv was undone').waitFor();
    await banner.waitFor({ state: 'hidden' });
    expect((await listItems(app, setup)).map((item) => item.id)).toEqual([setup.investors[0].id]);
  });
});
