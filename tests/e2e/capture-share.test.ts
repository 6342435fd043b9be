// A share into the app on a phone (390×844, touch), in headless Chromium against the built app: the manifest
// names /log-touch as its share target; a mail's text shared opens "Log a touch" with the investor found by
// the address in it, and Save logs the touch on the row once and lands on its list. The capture pages (Log a
// touch, the Capture inbox, the profile's E-mail capture) pass axe on a phone and a desktop.
import { expect, it } from 'vitest';
import type { Investor, ListSummary } from '../../src/shared/api-types.js';
import type { CaptureAddress, Touch } from '../../src/shared/capture.js';
import { describeE2E, useE2EApp } from '../helpers/e2e.js';
import { expectNoSeriousViolations } from './axe.js';
import { countStoredRows, investorsOf, waitForPersistedQuery, waitForServiceWorker } from './offline-helpers.js';
import { PHONE, phoneScreenshot } from './phone-helpers.js';

const fullName = (investor: Investor) => `${investor.first_name} ${investor.last_name}`;

describeE2E('share into the app', () => {
  const e2e = useE2EApp();

  it('the manifest takes shares at /log-touch, and a shared mail logs a touch on the investor it names, once', async () => {
    const app = e2e.app();
    const { page, tokens } = await app.loggedInPage('/follow-ups', { context: PHONE });
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { share_target?: unknown };
    expect(manifest.share_target).toEqual({
      action: '/log-touch',
      method: 'GET',
      enctype: 'application/x-www-form-urlencoded',
      params: { title: 'title', text: 'text', url: 'url' },
    });
    // Chromium reads the manifest, share target included, without an error.
    const { errors } = await (await page.context().newCDPSession(page)).send('Page.getAppManifest');
    expect(errors).toEqual([]);

    const created = await app.callApi('POST', '/lists', { name: 'Seed leads', description: '', list_type: 'investor' }, tokens.access_token);
    expect(created.status).toBe(201);
    const list = created.body as unknown as ListSummary;
    const investor = (await investorsOf(app, tokens.access_token, 15)).find((row) => row.email) as Investor;
    const added = await app.callApi('POST', `/lists/${list.id}/investors/batch`, { investor_ids: [investor.id] }, tokens.access_token);
    expect(added.status).toBeLessThan(300);

    // What Android opens for a share: the share target's action with the shared parts as its query.
    const text = `${fullName(investor)} <${investor.email}> wrote:\nThanks, let's talk Thursday.`;
    const query = new URLSearchParams({ title: 'Re: Our seed round', text, url: '' });
    await page.goto(`/log-touch?${query.toString()}`);
    await page.getByRole('heading', { name: 'Log a touch', level: 1 }).waitFor();
    await page.getByText('Same e-mail').waitFor();
    expect(await page.getByText(fullName(investor), { exact: true }).count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'Note' }).inputValue()).toBe(`Re: Our seed round\n\n${text}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, '/log-touch (phone)');
    await phoneScreenshot(page, 'log-touch');

    await page.getByRole('button', { name: 'Save' }).tap();
    await page.getByText(`Reply received logged on ${fullName(investor)}`).waitFor();
    await page.waitForURL(`**/lists/${list.id}`);
    const touches = await app.callApi('GET', `/lists/${list.id}/investors/${investor.id}/touches`, undefined, tokens.access_token);
    expect(touches.status).toBe(200);
    expect((touches.body as unknown as Touch[]).map((touch) => [touch.kind, touch.subject])).toEqual([['email_received', 'Re: Our seed round']]);
    await page.context().close();
  });

  it('offline, a share is matched from the lists kept on the phone, queued, and logged once back online', async () => {
    const app = e2e.app();
    const { page, context, tokens } = await app.loggedInPage('/follow-ups', { context: { ...PHONE, serviceWorkers: 'allow' } });
    const created = await app.callApi('POST', '/lists', { name: 'Angels', description: '', list_type: 'investor' }, tokens.access_token);
    const list = created.body as unknown as ListSummary;
    const investor = (await investorsOf(app, tokens.access_token, 15)).filter((row) => row.email)[1];
    expect((await app.callApi('POST', `/lists/${list.id}/investors/batch`, { investor_ids: [investor.id] }, tokens.access_token)).status).toBeLessThan(300);
    // The list seen once online: its items are kept on the phone.
    await page.goto(`/lists/${list.id}`);
    await page.getByRole('heading', { level: 2, name: fullName(investor) }).waitFor();
    await waitForPersistedQuery(page, 'lists', list.id, 'items');
    // Made through the API (as on another device): opening it has the phone read its lists again and keep them.
    await expect.poll(() => page.evaluate((name) => Object.keys(localStorage).some((key) => key.startsWith('fundscape.frame') && localStorage.getItem(key)!.includes(name)), list.name), { timeout: 15_000 }).toBe(true);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.goto(`/log-touch?${new URLSearchParams({ text: `Call with ${investor.email} went well` }).toString()}`);
    await page.getByText('Same e-mail').waitFor();
    await page.getByRole('combobox', { name: 'Kind' }).tap();
    await page.getByRole('option', { name: 'Call' }).tap();
    await page.getByRole('button', { name: 'Save' }).tap();
    await page.getByText(`Call saved on this device: it is logged on ${fullName(investor)} once you are back online`).waitFor();
    expect(await countStoredRows(page, 'outbox')).toBe(1);

    await context.setOffline(false);
    const touchesPath = `/lists/${list.id}/investors/${investor.id}/touches`;
    await expect
      .poll(async () => ((await app.callApi('GET', touchesPath, undefined, tokens.access_token)).body as unknown as Touch[]).length, { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => countStoredRows(page, 'outbox'), { timeout: 15_000 }).toBe(0);
    const touches = (await app.callApi('GET', touchesPath, undefined, tokens.access_token)).body as unknown as Touch[];
    expect(touches.map((touch) => [touch.kind, touch.body])).toEqual([['call', `Call with ${investor.email} went well`]]);
    await context.close();
  });

  // The phone and the desktop side by side (each its own user and browser context): axe's scans keep both cores busy.
  for (const [where, context] of [
    ['phone', PHONE],
    ['desktop', { viewport: { width: 1280, height: 800 } }],
  ] as const) {
    it.concurrent(`the capture pages pass axe on a ${where}`, async ({ expect }) => {
      const app = e2e.app();
      const { page, user, tokens } = await app.loggedInPage('/capture-inbox', { context });
      await page.getByRole('heading', { name: 'Capture inbox', level: 1 }).waitFor();
      await page.getByText('Nothing waiting').waitFor();
      await page.getByRole('button', { name: 'Copy' }).waitFor();
      await expectNoSeriousViolations(page, `/capture-inbox empty (${where})`, expect);

      // A mail of hers to nobody on her lists, as a relay posts it; and an address waiting for its link.
      const { address } = (await app.callApi('GET', '/capture/address', undefined, tokens.access_token)).body as unknown as CaptureAddress;
      const mail = [`From: <${user.email}>`, 'To: Sam <sam@stranger.example>', 'Subject: Our seed round', `Message-ID: <${Date.now()}.${where}@t>`, '', 'Hi Sam'].join('\r\n');
      const posted = await page.request.post('/api/v1/capture/messages', {
        headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${/^log\+([^@]+)@/.exec(address)?.[1]}` },
        data: mail,
      });
      expect(posted.status()).toBe(200);
      expect((await app.callApi('POST', '/capture/senders', { email: `home.${user.email}` }, tokens.access_token)).status).toBe(201);
      await page.reload();
      await page.getByRole('heading', { name: 'Our seed round' }).waitFor();
      await expectNoSeriousViolations(page, `/capture-inbox (${where})`, expect);
      await page.getByRole('button', { name: 'Assign “Our seed round”' }).click();
      await page.getByRole('dialog', { name: 'Assign the mail' }).waitFor();
      await expectNoSeriousViolations(page, `/capture-inbox's Assign (${where})`, expect);

      await page.goto('/profile');
      await page.getByRole('heading', { name: 'E-mail capture' }).waitFor();
      await page.getByText('Verify by the link we mailed').waitFor();
      await page.getByRole('combobox', { name: 'After a touch, follow up in' }).filter({ hasText: '7 days' }).waitFor();
      await expectNoSeriousViolations(page, `/profile (${where})`, expect);

      await page.goto('/log-touch?text=nothing+to+match');
      await page.getByRole('combobox', { name: /^Investor/ }).waitFor();
      await expectNoSeriousViolations(page, `/log-touch with no match (${where})`, expect);
      await page.context().close();
    });
  }
});
