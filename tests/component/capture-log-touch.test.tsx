// "Log a touch", the share target, against the real server and the real outbox: what another app shared finds the
// investor on her lists by an e-mail address (exact) or a website's domain (likely), or she picks one; the text
// is the note, the date now; saved through the outbox, online it lands at once, offline it is queued and lands once.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LogTouchPage, type SharedContent, type TouchRow } from '@/features/capture';
import { websiteDomain } from '@/shared/contact-keys';
import { outboxReplayer } from '@/features/offline';
import { loadOfflineDb } from '@/features/offline/db/offline-db-loader';
import { useLogTouch } from '@/features/pipeline/api/log-touch';
import { useCaptureLists } from '@/app/routes/_app/-components/capture-lists';
import type { Investor, ListSummary } from '@/shared/api-types';
import { rowTouchesPath, type Touch } from '@/shared/capture';
import { call, createAccount, storeSession, useServerNetwork, type Account } from '../helpers/real-server';
import { renderWithProviders } from '../helpers/render-with-providers';

let ada: Account;
let list: ListSummary;
let jane: Investor;
let other: Investor;
const network = useServerNetwork();

const api = <T,>(method: string, path: string, body?: unknown) =>
  call<T>(method, path.replace(/^\/api\/v1/, ''), { token: ada.tokens.access_token, body });
const touchesOf = async (investor: Investor) => (await api<Touch[]>('GET', rowTouchesPath(list.id, 'investor', investor.id))).body;
const nameOf = (investor: Investor) => `${investor.first_name} ${investor.last_name}`;

beforeEach(async () => {
  ada = await createAccount();
  storeSession(ada.tokens);
  await (await loadOfflineDb()).outbox.clear();
  list = (await api<ListSummary>('POST', '/lists', { name: 'Seed leads', description: '', list_type: 'investor' })).body;
  const found = (await api<{ results: Investor[] }>('GET', '/investors/search?page=1&per_page=20')).body.results;
  const usable = found.filter((investor) => investor.email && websiteDomain(investor.office_website));
  jane = usable[0];
  other = usable.find((investor) => websiteDomain(investor.office_website) !== websiteDomain(jane.office_website)) as Investor;
  expect((await api('POST', `/lists/${list.id}/investors/batch`, { investor_ids: [jane.id, other.id] })).status).toBeLessThan(300);
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function renderShare(shared: Partial<SharedContent>) {
  const done: TouchRow[] = [];
  function Share() {
    const logTouch = useLogTouch();
    return (
      <LogTouchPage
        shared={{ title: '', text: '', url: '', ...shared }}
        lists={useCaptureLists()}
        ownEmail={ada.email}
        onSave={(row, touch) => logTouch.mutateAsync({ row, touch })}
        onDone={(row) => done.push(row)}
      />
    );
  }
  await renderWithProviders(<Share />);
  return { done, user: userEvent.setup() };
}

describe('Log a touch from a share', () => {
  it('finds the investor by the address in a shared mail, takes its text as the note, and logs it once', async () => {
    const text = `On Tue, ${nameOf(jane)} <${jane.email.toUpperCase()}> wrote:\n> Happy to see the deck next week.`;
    const { done, user } = await renderShare({ title: 'Re: Seed round', text });
    expect(await screen.findByText('Found in what you shared')).toBeInTheDocument();
    expect(screen.getByText(nameOf(jane))).toBeInTheDocument();
    expect(screen.getByText('Same e-mail')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Reply received');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue(`Re: Seed round\n\n${text}`);
    const when = screen.getByLabelText('When') as HTMLInputElement;
    expect(Math.abs(new Date(when.value).getTime() - Date.now())).toBeLessThan(2 * 60_000);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Reply received logged on ${nameOf(jane)}`)).toBeInTheDocument();
    expect(done).toEqual([{ listId: list.id, listType: 'investor', itemId: jane.id, names: { row: nameOf(jane), list: 'Seed leads' } }]);
    const touches = await touchesOf(jane);
    expect(touches).toHaveLength(1);
    expect(touches[0]).toMatchObject({ kind: 'email_received', subject: 'Re: Seed round', body: `Re: Seed round\n\n${text}` });
    expect(network.sent.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
      rowTouchesPath(list.id, 'investor', jane.id),
    ]);
    expect(await touchesOf(other)).toEqual([]);
  });

  it("finds the investor by a link to the firm's website as likely, and another can be picked instead", async () => {
    const { user } = await renderShare({ url: `https://${websiteDomain(jane.office_website)}/team` });
    expect(await screen.findByText('Likely: same website')).toBeInTheDocument();
    expect(screen.getByText(nameOf(jane))).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Message');

    await user.click(screen.getByRole('button', { name: 'Someone else' }));
    const search = screen.getByRole('combobox', { name: /^Investor/ });
    await user.clear(search);
    await user.type(search, other.email.slice(0, other.email.indexOf('@')));
    await user.click(await screen.findByRole('option', { name: new RegExp(nameOf(other)) }));
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    const kinds = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(kinds.map((option) => option.textContent)).toEqual(['E-mail sent', 'Reply received', 'Call', 'Meeting', 'Message']);
    await user.click(screen.getByRole('option', { name: 'Meeting' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Meeting logged on ${nameOf(other)}`)).toBeInTheDocument();
    expect((await touchesOf(other)).map((touch) => touch.kind)).toEqual(['meeting']);
    expect(await touchesOf(jane)).toEqual([]);
  });

  it('asks who it was with when the share names nobody on her lists (her own domain included), sending nothing unpicked', async () => {
    const ownDomain = ada.email.slice(ada.email.indexOf('@') + 1);
    const { user } = await renderShare({ text: `Call notes, cc cofounder@${ownDomain}` });
    expect(await screen.findByText('No investor on your lists has the e-mail address or website in what you shared: pick the investor.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pick the investor the touch was with.')).toBeInTheDocument();
    expect(network.sent.some((request) => request.method === 'POST')).toBe(false);
  });

  it('offline, queues the touch and it lands once when back online', async () => {
    const { user } = await renderShare({ text: `From: ${jane.email}\nCalled her about the round` });
    expect(await screen.findByText('Same e-mail')).toBeInTheDocument();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Reply received saved on this device: it is logged on ${nameOf(jane)} once you are back online`)).toBeInTheDocument();
    expect(await (await loadOfflineDb()).outbox.count()).toBe(1);
    expect(await touchesOf(jane)).toEqual([]);

    online.mockReturnValue(true);
    await outboxReplayer.drain();
    await waitFor(async () => expect(await (await loadOfflineDb()).outbox.count()).toBe(0));
    await outboxReplayer.drain();
    expect((await touchesOf(jane)).map((touch) => touch.body)).toEqual([`From: ${jane.email}\nCalled her about the round`]);
  });
});
