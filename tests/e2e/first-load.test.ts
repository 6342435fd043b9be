// A first load on a slow network (issue 34), in headless Chromium against the built app: the page's data
// is asked for beside the user's, not once the user has come, a round trip sooner on a phone.
import { expect, it } from 'vitest';
import { describeE2E, sessionState, useE2EApp } from '../helpers/e2e.js';
import { PHONE } from './phone-helpers.js';

describeE2E('the first load', () => {
  const e2e = useE2EApp();

  it("asks for a list's rows beside the user, not once the user has come", async () => {
    const app = e2e.app();
    const { tokens } = await app.signUp();
    const context = await app.newContext({ ...PHONE, storageState: sessionState(app.baseUrl, tokens) });
    const created = await app.callApi('POST', '/lists', { name: 'Seed round', description: '', list_type: 'investor' }, tokens.access_token);
    const listId = (created.body as { id: number }).id;
    const asked: string[] = [];
    let answerMe = () => {};
    const meHeld = new Promise<void>((resolve) => {
      answerMe = resolve;
    });
    await context.route('**/api/v1/auth/me', async (route) => {
      await meHeld;
      await route.continue();
    });
    const page = await context.newPage();
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/lists/${listId}`);
    await expect.poll(() => asked).toEqual(expect.arrayContaining(['/api/v1/auth/me', `/api/v1/lists/${listId}`, `/api/v1/lists/${listId}/items`]));
    answerMe();
    await page.getByRole('heading', { level: 1, name: 'Seed round' }).waitFor();
  });
});
