// A list shared by a founding team, in headless Chromium against the built app, two browser contexts
// at once: the owner invites from the Share dialog (axe clean), the co-founder opens the link from the
// mail, logs in, comes back and accepts; both on the board, a move in one shows in the other within
// 2 s. A viewer finds no control that changes anything. A change queued offline by a member removed
// meanwhile is reported by name when it is refused, not lost silently.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ListSummary } from '../../src/shared/api-types.js';
import { MY_LISTS_EVENTS_PATH, MY_LISTS_EVENTS_TICKET_PATH } from '../../src/shared/teams.js';
import { describeE2E, useE2EApp, type E2EApp, type TestUser } from '../helpers/e2e.js';
import { logInWithMailedCode } from './auth-helpers.js';
import { expectNoSeriousViolations } from './axe.js';
import { countStoredRows } from './offline-helpers.js';
import { fullName, pipelineSetUp, screenshot, type PipelineSetup } from './pipeline-helpers.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });

/** The owner invites `user` through the API; answers the link of the mail they get. */
async function inviteLink(app: E2EApp, setup: PipelineSetup, user: TestUser, role: 'editor' | 'viewer', send?: () => Promise<unknown>) {
  const mail = await app.mailAfter(
    user.email,
    send ??
      (async () => {
        const sent = await app.callApi('POST', `/lists/${setup.list.id}/members`, { email: user.email, role }, setup.accessToken);
        expect(sent.status).toBe(201);
      }),
  );
  const escaped = app.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`${escaped}/invitations/[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`no invitation link in the mail:\n${mail.text}`);
  return link;
}

/** A member of the owner's list: invited as `role`, accepted through the API, and their logged-in page at the list. */
async function memberPage(
  app: E2EApp,
  setup: PipelineSetup,
  role: 'editor' | 'viewer',
  /** live: the page is returned once the stream of the member's own lists has opened. */
  options: { viewport?: typeof PHONE; path?: string; live?: boolean; serviceWorkers?: 'allow' } = {},
) {
  const { user, tokens } = await app.signUp({ first_name: 'Bob', last_name: role === 'viewer' ? 'Viewer' : 'Editor' });
  const link = await inviteLink(app, setup, user, role);
  const member = await app.loggedInPage(options.path ?? `/lists/${setup.list.id}`, {
    user,
    tokens,
    context: { ...(options.viewport && { viewport: options.viewport }), ...(options.serviceWorkers && { serviceWorkers: options.serviceWorkers }) },
  });
  const accepted = await app.callApi('POST', `/invitations/${link.split('/').pop()}/accept`, undefined, member.tokens.access_token);
  expect(accepted.status).toBe(200);
  const streamOpened = options.live ? member.page.waitForResponse((res) => new URL(res.url()).pathname === MY_LISTS_EVENTS_PATH) : null;
  await member.page.goto(options.path ?? `/lists/${setup.list.id}`);
  await streamOpened;
  return { ...member, user };
}

describeE2E('teams: sharing a list', () => {
  const e2e = useE2EApp();

  it('invites from the Share dialog, accepts from the mail after logging in, and a move on one board shows on the other', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'Team round');
    const { page: ada, investors } = setup;
    const [first] = investors;
    const bob = await app.createUser({ first_name: 'Bob', last_name: 'Noyce' });

    await ada.goto(`/lists/${setup.list.id}?view=board`);
    await ada.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = ada.getByRole('dialog', { name: 'Share Team round' });
    await dialog.getByRole('list', { name: 'People with access' }).getByText('Owner').waitFor();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(bob.email);
    const link = await inviteLink(app, setup, bob, 'editor', () => dialog.getByRole('button', { name: 'Invite' }).click());
    await dialog.getByRole('list', { name: 'Pending invitations' }).getByText(bob.email.toLowerCase()).waitFor();
    await screenshot(ada, 'share-dialog-desktop');
    await expectNoSeriousViolations(ada, 'the Share dialog');
    await ada.setViewportSize(PHONE);
    await screenshot(ada, 'share-dialog-phone');
    await expectNoSeriousViolations(ada, 'the Share dialog on a phone');
    await ada.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Bob opens the link logged out: the preview, then log in and come back to accept.
    const bobPage = await app.newPage();
    await bobPage.goto(link);
    await bobPage.getByRole('heading', { name: 'Team round' }).waitFor();
    await bobPage.getByText(`Ada Lovelace invited ${bob.email.toLowerCase()} to their investor list as editor.`).waitFor();
    await screenshot(bobPage, 'invitation-desktop');
    await expectNoSeriousViolations(bobPage, 'the invitation page');
    await bobPage.setViewportSize(PHONE);
    await screenshot(bobPage, 'invitation-phone');
    await bobPage.setViewportSize(DESKTOP);
    await bobPage.getByRole('link', { name: 'Log in to accept' }).click();
    await logInWithMailedCode(app, bobPage, bob);
    await bobPage.waitForURL(`**${new URL(link).pathname}`);
    await bobPage.getByRole('button', { name: 'Accept invitation' }).click();
    await bobPage.waitForURL(`**/lists/${setup.list.id}`);
    const shared = bobPage.getByRole('navigation', { name: 'Shared with me' });
    await shared.getByRole('link', { name: /^Team round, Ada Lovelace, Editor, 3 items/ }).waitFor();
    await screenshot(bobPage, 'sidebar-shared-with-me');

    // Both on the board: Ada's move shows on Bob's within 2 s, and Bob's on Ada's.
    await bobPage.getByRole('button', { name: 'Board' }).click();
    await column(bobPage, 'Lead').getByText(fullName(first)).waitFor();
    await bobPage.waitForLoadState('networkidle');
    await column(ada, 'Lead').getByText(fullName(first)).waitFor();
    await ada.getByRole('button', { name: `Move to… ${fullName(first)}` }).click();
    await ada.getByRole('menuitem', { name: 'Meeting' }).click();
    const movedAt = Date.now();
    await column(bobPage, 'Meeting').getByText(fullName(first)).waitFor({ timeout: 2000 });
    const seenAfter = Date.now() - movedAt;
    expect(seenAfter).toBeLessThan(2000);
    // Who moved it, on the card and in its activity.
    await column(bobPage, 'Meeting')
      .getByTestId('board-card')
      .getByText(/^Ada Lovelace · /)
      .waitFor();
    await bobPage.getByRole('button', { name: `Activity of ${fullName(first)}` }).click();
    const activity = bobPage.getByRole('dialog', { name: `Activity of ${fullName(first)}` });
    await activity.getByText('moved it from Lead to Meeting').waitFor();
    await screenshot(bobPage, 'activity-dialog');
    await bobPage.keyboard.press('Escape');

    await bobPage.getByRole('button', { name: `Move to… ${fullName(first)}` }).click();
    await bobPage.getByRole('menuitem', { name: 'Committed' }).click();
    await column(ada, 'Committed').getByText(fullName(first)).waitFor({ timeout: 2000 });
    await column(ada, 'Committed')
      .getByTestId('board-card')
      .getByText(/^Bob Noyce · /)
      .waitFor();
  });

  it('shows a viewer no control that would change the list, on a wide screen and a phone', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'Viewers only');
    const viewer = await memberPage(app, setup, 'viewer');
    const { page } = viewer;
    const name = fullName(setup.investors[0]);
    await page.getByRole('grid').getByText(name).waitFor();
    await page.getByText('Shared by Ada Lovelace · Viewer').waitFor();
    await screenshot(page, 'viewer-table-desktop');
    await page.getByRole('button', { name: 'Leave' }).waitFor();
    // A viewer's More menu holds Export CSV alone.
    await page.getByRole('button', { name: 'More' }).click();
    const more = page.getByRole('menu', { name: 'More' });
    await expect.poll(() => more.getByRole('menuitem').allTextContents()).toEqual(['Export CSV']);
    expect(await more.getByRole('menuitem', { name: 'Export CSV' }).getAttribute('aria-disabled')).toBeNull();
    await page.keyboard.press('Escape');
    const forbidden = [
      'Edit',
      'Delete List',
      'Share',
      `Remove ${name} from list`,
      `Set next follow-up for ${name}`,
      `Set amount for ${name}`,
    ];
    for (const label of forbidden) expect(await page.getByRole('button', { name: label, exact: true }).count(), label).toBe(0);
    expect(await page.getByRole('combobox', { name: `Stage of ${name}` }).count()).toBe(0);

    await page.getByRole('button', { name: 'Board' }).click();
    await column(page, 'Lead').getByText(name).waitFor();
    for (const label of [`Move to… ${name}`, `Move ${name}`, `Set follow-up and amount for ${name}`]) {
      expect(await page.getByRole('button', { name: label, exact: true }).count(), label).toBe(0);
    }
    await page.getByRole('button', { name: `Activity of ${name}` }).waitFor();

    // The row's page: its stage in the list, no stage select and no note box.
    await page.goto(`/investor/${setup.investors[0].id}`);
    const panel = page.getByRole('region', { name: 'Viewers only' });
    await panel.getByText('Stage: Lead').waitFor();
    expect(await panel.getByRole('combobox').count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Add note' }).count()).toBe(0);

    const phone = await app.loggedInPage(`/lists/${setup.list.id}`, { user: viewer.user, context: { viewport: PHONE } });
    await phone.page.getByText('Shared by Ada Lovelace · Viewer').waitFor();
    await screenshot(phone.page, 'viewer-table-phone');
    // On a phone all of the header's other actions are in More: a viewer's are Leave and Export CSV.
    await phone.page.getByRole('button', { name: 'More' }).click();
    await expect
      .poll(() => phone.page.getByRole('menu', { name: 'More' }).getByRole('menuitem').allTextContents())
      .toEqual(['Leave', 'Export CSV']);
  });

  it("updates a member's sidebar within 2 s wherever they are: a list shared with them appears, one they are removed from goes", async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'First round');
    const { page, user, tokens } = await memberPage(app, setup, 'viewer', { path: '/investors', live: true });
    const shared = page.getByRole('navigation', { name: 'Shared with me' });
    await shared.getByText('First round').waitFor();

    const second = await app.callApi('POST', '/lists', { name: 'Second round', list_type: 'investor' }, setup.accessToken);
    expect(second.status).toBe(201);
    const link = await inviteLink(app, { ...setup, list: second.body as unknown as PipelineSetup['list'] }, user, 'editor');
    const accepted = await app.callApi('POST', `/invitations/${link.split('/').pop()}/accept`, undefined, tokens.access_token);
    expect(accepted.status).toBe(200);
    await shared.getByText('Second round').waitFor({ timeout: 2000 });

    const members = await app.callApi('GET', `/lists/${setup.list.id}/members`, undefined, setup.accessToken);
    const member = (members.body.members as Array<{ user_id: number; email: string }>).find((one) => one.email === user.email.toLowerCase());
    expect((await app.callApi('DELETE', `/lists/${setup.list.id}/members/${member?.user_id}`, undefined, setup.accessToken)).status).toBe(204);
    await shared.getByText('First round').waitFor({ state: 'detached', timeout: 2000 });
    await shared.getByText('Second round').waitFor();
    expect(page.url()).toMatch(/\/investors$/);
  });

  it('shows a list shared while the sidebar’s stream was not yet open, once it opens', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'Early round');
    const signedUp = await app.signUp({ first_name: 'Bob', last_name: 'Late' });
    const { page, user, tokens } = await app.loggedInPage('/lists', signedUp);
    await page.route(`**${MY_LISTS_EVENTS_TICKET_PATH}`, async (route) => {
      const link = await inviteLink(app, setup, user, 'viewer');
      expect((await app.callApi('POST', `/invitations/${link.split('/').pop()}/accept`, undefined, tokens.access_token)).status).toBe(200);
      await route.continue();
    });
    await page.goto('/investors');
    await page.getByRole('navigation', { name: 'Shared with me' }).getByText('Early round').waitFor({ timeout: 5000 });
  });

  it('reports by name a change queued offline after the member was removed, and clears its pending mark', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'Removed meanwhile');
    const { page, context, user } = await memberPage(app, setup, 'editor', { path: `/lists/${setup.list.id}?view=board`, serviceWorkers: 'allow' });
    const name = fullName(setup.investors[0]);
    await column(page, 'Lead').getByText(name).waitFor();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.getByRole('button', { name: `Move to… ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Meeting' }).click();
    await column(page, 'Meeting').getByText(name).waitFor();
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(1);

    const members = await app.callApi('GET', `/lists/${setup.list.id}/members`, undefined, setup.accessToken);
    const member = (members.body.members as Array<{ user_id: number; email: string }>).find(
      (one) => one.email === user.email.toLowerCase(),
    );
    expect(member).toBeDefined();
    const removed = await app.callApi('DELETE', `/lists/${setup.list.id}/members/${member?.user_id}`, undefined, setup.accessToken);
    expect(removed.status).toBe(204);

    await context.setOffline(false);
    await page
      .getByText(`Moving ${name} to Meeting in Removed meanwhile could not be saved: you no longer have access to this list`)
      .waitFor();
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(0);
    // Off the list's page, and the list gone from the sidebar.
    await page.waitForURL('**/investors');
    expect(await page.getByRole('navigation', { name: 'Shared with me' }).count()).toBe(0);
    const lists = await app.callApi('GET', '/lists', undefined, setup.accessToken);
    const owned = (lists.body as unknown as ListSummary[]).find((list) => list.id === setup.list.id);
    expect(owned?.item_count).toBe(3);
  });
});
