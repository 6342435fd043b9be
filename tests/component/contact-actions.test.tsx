// A private contact added by hand, edited and deleted, against the real server: Add an investor creates the
// contact and adds it to the list (one change through the outbox), the owner's Edit sends what changed, and
// Delete says from how many lists it goes before it goes.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddContactButton } from '@/features/contacts/components/AddContactButton';
import { ContactOwnerActions } from '@/features/contacts/components/ContactOwnerActions';
import type { ContactKeys } from '@/features/contacts/api/contact-cache';
import { useAddNewRowToList } from '@/features/lists/api/add-to-list';
import { listKeys } from '@/features/lists/api/list-keys';
import type { Investor, ListItemOf, ListSummary } from '@/shared/api-types';
import { call, createAccount, storeSession, useServerNetwork, type Account } from '../helpers/real-server';
import { renderWithProviders } from '../helpers/render-with-providers';

let ada: Account;
let list: ListSummary;
const network = useServerNetwork();
const keys: ContactKeys = { investor: (id) => ['investors', 'detail', id], lists: listKeys };

beforeEach(async () => {
  ada = await createAccount();
  storeSession(ada.tokens);
  list = (await call<ListSummary>('POST', '/lists', { token: ada.tokens.access_token, body: { name: 'Seed leads', description: '', list_type: 'investor' } })).body;
});

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const items = async () => (await call<ListItemOf<Investor>[]>('GET', `/lists/${list.id}/items`, { token: ada.tokens.access_token })).body;

function AddToSeedLeads() {
  const { mutateAsync } = useAddNewRowToList();
  return <AddContactButton listName={list.name} addToList={(draft, create) => mutateAsync({ listId: list.id, listType: 'investor', draft, create })} />;
}

describe('Add an investor', () => {
  it('creates the contact and adds it to the list at Lead, then toasts', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<AddToSeedLeads />);
    await user.click(screen.getByRole('button', { name: 'Add an investor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an investor' });
    await user.type(await within(dialog).findByLabelText(/^First Name/, { selector: 'input' }), 'Grace');
    await user.type(input(/^Last Name/), 'Hopper');
    await user.type(input(/^Email/), 'grace@example.com');
    await user.type(input(/^Min\. investment/), '250,000');
    await user.click(within(dialog).getByRole('button', { name: 'Add investor' }));
    expect(await screen.findByText('Grace Hopper was added to Seed leads')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const posts = network.sent.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.url)).toEqual(['/api/v1/investors', `/api/v1/lists/${list.id}/investors/batch`]);
    const [added] = await items();
    expect(added).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', min_investment: 250000, private: true });
    expect(added.pipeline.stage).toBe('lead');
  });
});

describe("the owner's Edit and Delete", () => {
  async function addedContact(): Promise<Investor> {
    const token = ada.tokens.access_token;
    const created = (await call<Investor>('POST', '/investors', { token, body: { first_name: 'Ada', last_name: 'Lovelace', city: 'London' } })).body;
    await call('POST', `/lists/${list.id}/investors/batch`, { token, body: { investor_ids: [created.id] } });
    return (await call<Investor>('GET', `/investors/${created.id}`, { token })).body;
  }

  it('edits the contact, sending only what changed', async () => {
    const contact = await addedContact();
    const user = userEvent.setup();
    await renderWithProviders(<ContactOwnerActions investor={contact} keys={keys} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit investor' });
    const city = await within(dialog).findByLabelText(/^City/, { selector: 'input' });
    expect(city).toHaveValue('London');
    await user.clear(city);
    await user.type(city, 'Paris');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Ada Lovelace is saved')).toBeInTheDocument();
    expect(network.sent.find((request) => request.method === 'PATCH')).toMatchObject({ url: `/api/v1/investors/${contact.id}`, body: { city: 'Paris' } });
    const [onList] = await items();
    expect(onList.city).toBe('Paris');
  });

  it('asks before deleting, saying from how many lists, then deletes it', async () => {
    const contact = await addedContact();
    const user = userEvent.setup();
    await renderWithProviders(<ContactOwnerActions investor={contact} keys={keys} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete investor' });
    expect(dialog).toHaveAccessibleDescription('Delete Ada Lovelace? It will be removed from 1 list.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Ada Lovelace is deleted')).toBeInTheDocument();
    expect((await call('GET', `/investors/${contact.id}`, { token: ada.tokens.access_token })).status).toBe(404);
    expect(await items()).toEqual([]);
  });

  it('shows nothing for a catalogue investor', async () => {
    const { body } = await call<{ results: Investor[] }>('GET', '/investors/search?page=1', { token: ada.tokens.access_token });
    await renderWithProviders(<ContactOwnerActions investor={body.results[0]} keys={keys} />);
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
