// Undo import on the list's page against the real server: the banner shows an import once the wizard closes,
// undoes it after a confirmation, needs a connection to, and stays closed on this device once closed.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImportButton } from '@/features/contacts/components/ImportButton';
import { UndoImportBanner } from '@/features/contacts/components/UndoImportBanner';
import { listKeys } from '@/features/lists/api/list-keys';
import type { Investor, ListItem, ListSummary } from '@/shared/api-types';
import type { ImportResult } from '@/shared/imports';
import { call, createAccount, mailedValue, storeSession, useServerNetwork, type Account } from '../helpers/real-server';
import { importSetUp } from '../helpers/import-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

const network = useServerNetwork();
let ada: Account;
let list: ListSummary;
let known: Investor;

beforeEach(async () => {
  ({ ada, list, known } = await importSetUp());
});
afterEach(() => vi.restoreAllMocks());

const items = async () => (await call<ListItem[]>('GET', `/lists/${list.id}/items`, { token: ada.tokens.access_token })).body;

async function importByApi(): Promise<ImportResult> {
  const rows = [
    { email: known.email, decision: { action: 'link', investor_id: known.id } },
    { first_name: 'Zed', last_name: 'Newman', decision: { action: 'create' } },
  ];
  return (await call<ImportResult>('POST', `/lists/${list.id}/imports`, { token: ada.tokens.access_token, body: { file_name: 'tracker.csv', rows } })).body;
}

const page = () =>
  renderWithProviders(
    <>
      <ImportButton list={{ id: list.id, name: list.name }} listKeys={listKeys} />
      <UndoImportBanner listId={list.id} listKeys={listKeys} userId={ada.id} />
    </>,
  );

describe('Undo import on the list’s page', () => {
  it('shows the import once the wizard closes and undoes it after a confirmation', async () => {
    const user = userEvent.setup();
    await page();
    await user.click(screen.getByRole('button', { name: 'Import…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a spreadsheet into Seed leads' });
    await user.upload(within(dialog).getByLabelText('Choose a file'), new File([`Name,Email\r\n${known.first_name} ${known.last_name},${known.email}\r\n`], 'leads.csv', { type: 'text/csv' }));
    await within(dialog).findByText(/1 row · 2 columns/);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('heading', { name: 'Columns' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('heading', { name: 'Values' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByText('1 matched · 0 new private contacts · 0 skipped · 0 errors', { exact: false });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import 1 row' }));
    await within(dialog).findByRole('heading', { name: 'Imported' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const banner = await screen.findByRole('region', { name: 'Recent import' });
    expect(banner).toHaveTextContent('Imported leads.csv just now · 1 added from the catalogue');
    await user.click(within(banner).getByRole('button', { name: 'Undo import' }));
    const confirm = await screen.findByRole('dialog', { name: 'Undo import' });
    expect(confirm).toHaveTextContent('Undo the import of leads.csv? It removes the 1 investor it added.');
    await user.click(within(confirm).getByRole('button', { name: 'Undo import' }));

    expect(await screen.findByText('The import of leads.csv was undone')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Recent import' })).toBeNull());
    expect(await items()).toEqual([]);
    expect(network.sent.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('says undoing needs a connection while offline, and stays closed on this device once closed', async () => {
    const landed = await importByApi();
    const user = userEvent.setup();
    const { unmount } = await page();
    const banner = await screen.findByRole('region', { name: 'Recent import' });
    expect(banner).toHaveTextContent('Imported tracker.csv just now · 1 added from the catalogue, 1 private contact created');

    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(within(banner).getByRole('button', { name: 'Undo import' })).toBeDisabled();
    expect(banner).toHaveTextContent('You are offline: undoing the import needs a connection.');
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(within(banner).getByRole('button', { name: 'Undo import' })).toBeEnabled();

    await user.click(within(banner).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Recent import' })).toBeNull();
    unmount();
    await page();
    await waitFor(() => expect(network.sent.filter((request) => request.url === `/api/v1/lists/${list.id}/imports`).length).toBeGreaterThan(1));
    expect(screen.queryByRole('region', { name: 'Recent import' })).toBeNull();
    expect((await items()).length).toBe(2);
    expect(landed.created).toBe(1);
  });

  it('names another member’s notes and changes on the rows before undoing', async () => {
    const bob = await createAccount({ first_name: 'Bob', last_name: 'Noyce' });
    const asAda = { token: ada.tokens.access_token };
    const asBob = { token: bob.tokens.access_token };
    await call('POST', `/lists/${list.id}/members`, { ...asAda, body: { email: bob.email, role: 'editor' } });
    const invitation = await mailedValue(bob.email, /\/invitations\/([A-Za-z0-9_-]+)/);
    expect((await call('POST', `/invitations/${invitation}/accept`, asBob)).status).toBe(200);
    // Bob imports a contact of his; Ada, the list's owner, has made notes and a change on it since.
    const rows = [{ first_name: 'Zed', last_name: 'Newman', decision: { action: 'create' } }];
    expect((await call('POST', `/lists/${list.id}/imports`, { ...asBob, body: { file_name: 'bobs.csv', rows } })).status).toBe(201);
    const [zed] = await items();
    for (const body of ['Called him', 'Sent the deck']) await call('POST', `/lists/${list.id}/investors/${zed.id}/notes`, { ...asAda, body: { body } });
    await call('PATCH', `/lists/${list.id}/investors/${zed.id}`, { ...asAda, body: { stage: 'meeting' } });

    // As Bob, who imported it: Ada's work on the row is named.
    storeSession(bob.tokens);
    const user = userEvent.setup();
    await renderWithProviders(<UndoImportBanner listId={list.id} listKeys={listKeys} userId={bob.id} />);
    const banner = await screen.findByRole('region', { name: 'Recent import' });
    await user.click(within(banner).getByRole('button', { name: 'Undo import' }));
    const confirm = await screen.findByRole('dialog', { name: 'Undo import' });
    expect(confirm).toHaveTextContent(
      "Undo the import of bobs.csv? It removes the 1 investor it added. It also deletes Ada Lovelace's 2 notes and 1 change on them.",
    );
    await user.click(within(confirm).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText('The import of bobs.csv was undone')).toBeInTheDocument();
    expect(await items()).toEqual([]);
  });

  it('offers Undo import only to the member who imported or the list’s owner, and says what an undo kept', async () => {
    const bob = await createAccount({ first_name: 'Bob', last_name: 'Noyce' });
    const cleo = await createAccount({ first_name: 'Cleo', last_name: 'Park' });
    for (const who of [bob, cleo]) {
      await call('POST', `/lists/${list.id}/members`, { token: ada.tokens.access_token, body: { email: who.email, role: 'editor' } });
      const invitation = await mailedValue(who.email, /\/invitations\/([A-Za-z0-9_-]+)/);
      await call('POST', `/invitations/${invitation}/accept`, { token: who.tokens.access_token });
    }
    const rows = [{ first_name: 'Zed', last_name: 'Newman', decision: { action: 'create' } }];
    await call('POST', `/lists/${list.id}/imports`, { token: bob.tokens.access_token, body: { file_name: 'bobs.csv', rows } });

    storeSession(cleo.tokens);
    const { unmount } = await renderWithProviders(<UndoImportBanner listId={list.id} listKeys={listKeys} userId={cleo.id} />);
    const seen = await screen.findByRole('region', { name: 'Recent import' });
    expect(seen).toHaveTextContent('Imported bobs.csv by Bob Noyce');
    expect(within(seen).queryByRole('button', { name: 'Undo import' })).toBeNull();
    unmount();

    // Ada owns the list, not Bob's contact: the undo keeps it, and says so.
    storeSession(ada.tokens);
    const user = userEvent.setup();
    await page();
    const banner = await screen.findByRole('region', { name: 'Recent import' });
    await user.click(within(banner).getByRole('button', { name: 'Undo import' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Undo import' })).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText("The import of bobs.csv was undone; kept 1 private contact on another list or another member's")).toBeInTheDocument();
  });
});
