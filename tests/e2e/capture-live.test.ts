// A mail logged by itself, seen live, in headless Chromium against the built app, two browser contexts at once: a
// founder's list is open when a mail she wrote to an investor on it reaches her capture address (the HTTP intake, as a
// relay posts it); the row turns Contacted, last contacted today, within 2 s of the intake's answer. Her co-founder,
// on the investor's page, sees the entry appear with its subject, and its text private to her.
import { expect, it } from 'vitest';
import type { Investor, ListSummary } from '../../src/shared/api-types.js';
import { CAPTURE_API, type CaptureAddress } from '../../src/shared/capture.js';
import { listEventsPath } from '../../src/shared/teams.js';
import { describeE2E, useE2EApp } from '../helpers/e2e.js';
import { expectNoSeriousViolations } from './axe.js';
import { investorsOf } from './offline-helpers.js';

const DESKTOP = { width: 1280, height: 800 };

describeE2E('e-mail capture, live on the lists', () => {
  const e2e = useE2EApp();

  it('a mail to an investor turns the open list’s row Contacted at once, and a co-founder sees it without its text', async () => {
    const app = e2e.app();
    const adaUser = await app.createUser({ first_name: 'Ada', last_name: 'Lovelace' });
    const { page: ada, tokens } = await app.loggedInPage('/investors', { user: adaUser, context: { viewport: DESKTOP } });
    const token = tokens.access_token;
    const list = (await app.callApi('POST', '/lists', { name: 'Seed leads', description: '', list_type: 'investor' }, token)).body as unknown as ListSummary;
    const investor = (await investorsOf(app, token, 15)).find((row) => row.email) as Investor;
    expect((await app.callApi('POST', `/lists/${list.id}/investors/batch`, { investor_ids: [investor.id] }, token)).status).toBeLessThan(300);

    // Bob, her co-founder, edits the list and has the investor's page open.
    const bobUser = await app.createUser({ first_name: 'Bob', last_name: 'Noyce' });
    const mail = await app.mailAfter(bobUser.email, async () => {
      expect((await app.callApi('POST', `/lists/${list.id}/members`, { email: bobUser.email, role: 'editor' }, token)).status).toBe(201);
    });
    const invitation = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    const { page: bob, tokens: bobTokens } = await app.loggedInPage('/investors', { user: bobUser, context: { viewport: DESKTOP } });
    expect((await app.callApi('POST', `/invitations/${invitation}/accept`, undefined, bobTokens.access_token)).status).toBe(200);
    const streams = [ada, bob].map((page) => page.waitForResponse((res) => new URL(res.url()).pathname === listEventsPath(list.id)));
    await ada.goto(`/lists/${list.id}`);
    await bob.goto(`/investor/${investor.id}`);
    await Promise.all(streams);
    const row = ada.getByRole('row', { name: new RegExp(`${investor.first_name} ${investor.last_name}`) });
    await row.getByRole('combobox', { name: /^Stage of / }).filter({ hasText: 'Lead' }).waitFor();
    await bob.getByText('No mail, calls or meetings logged yet.').waitFor();

    // Ada BCCs her capture address on a mail to the investor.
    const { address } = (await app.callApi('GET', '/capture/address', undefined, token)).body as unknown as CaptureAddress;
    const raw = [
      `From: Ada Lovelace <${adaUser.email}>`,
      `To: ${investor.first_name} <${investor.email}>`,
      'Subject: Our seed round',
      `Message-ID: <${crypto.randomUUID()}@fundscape.test>`,
      `Date: ${new Date().toUTCString()}`,
      '',
      'The deck, for your eyes only.',
    ].join('\r\n');
    const intake = await fetch(new URL(CAPTURE_API.messages, app.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${/^log\+([^@]+)@/.exec(address)![1]}` },
      body: raw,
    });
    expect(await intake.json()).toMatchObject({ status: 'logged', rows: 1 });
    const answered = Date.now();
    await row.getByRole('combobox', { name: /^Stage of / }).filter({ hasText: 'Contacted' }).waitFor({ timeout: 2000 });
    await row.getByText('Today').waitFor({ timeout: 2000 });
    console.log(`the row changed on the open list ${Date.now() - answered} ms after the intake answered`);

    const touches = bob.getByRole('list', { name: 'Touches in Seed leads' });
    const entry = touches.getByRole('listitem').filter({ hasText: 'E-mail sent: Our seed round' });
    await entry.waitFor({ timeout: 2000 });
    await entry.getByText('Text private to Ada Lovelace').waitFor();
    expect(await entry.textContent()).not.toContain('for your eyes only');
    await expectNoSeriousViolations(bob, 'a co-founder’s touch on the investor page');
    await expectNoSeriousViolations(ada, 'the list with a row contacted');
  });
});
