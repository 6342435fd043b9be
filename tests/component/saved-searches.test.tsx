// Saved searches against the real server: the save dialog's rules and messages (the server's refusal
// under the name), what it sends (the page's query, an id chosen here, Weekly by default), and the
// sidebar's section: each search linking to its catalogue page with its query, opened and marked seen,
// renamed, re-alerted and deleted from its menu. Changes go through the outbox (IndexedDB: fake-indexeddb).
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SaveSearchButton } from '@/features/saved-searches/components/SaveSearchButton';
import { SavedSearchSyncReporter } from '@/features/saved-searches/components/SavedSearchSyncReporter';
import { SidebarSavedSearches } from '@/features/saved-searches/components/SidebarSavedSearches';
import type { SavedSearch } from '@/shared/saved-searches';
import { call, createAccount, storeSession, useServerNetwork, type Account } from '../helpers/real-server';
import { renderWithProviders } from '../helpers/render-with-providers';

let ada: Account;

const network = useServerNetwork();
beforeEach(async () => {
  ada = await createAccount();
  storeSession(ada.tokens);
});

const writes = () => network.sent.filter((request) => request.method !== 'GET' && request.url.startsWith('/api/v1/saved-searches'));
const onServer = async () => (await call<SavedSearch[]>('GET', '/saved-searches', { token: ada.tokens.access_token })).body;

async function saveOnServer(body: object): Promise<SavedSearch> {
  const created = await call<SavedSearch>('POST', '/saved-searches', { body, token: ada.tokens.access_token });
  expect(created.status).toBe(201);
  return created.body;
}

describe('Save search', () => {
  const query = { stages: ['Seed'], industries: ['Software'], search_term: 'payments' };

  it('offers a name from the filters, checks it as you type, and saves the query under an id chosen here', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <>
        <SavedSearchSyncReporter />
        <SaveSearchButton kind="investors" query={query} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    const name = await within(dialog).findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Seed, Software, “payments”');
    expect(within(dialog).getByRole('combobox', { name: 'Alert' })).toHaveTextContent('Weekly');

    await user.clear(name);
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(name, 'x'.repeat(101));
    expect(await within(dialog).findByText('Name must be at most 100 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(writes()).toEqual([]);

    await user.clear(name);
    await user.type(name, '  Seed payments ');
    await user.click(within(dialog).getByRole('combobox', { name: 'Alert' }));
    await user.click(await screen.findByRole('option', { name: 'Daily' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Saved “Seed payments”')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const [post] = writes();
    expect(post).toMatchObject({ method: 'POST', url: '/api/v1/saved-searches', body: { name: 'Seed payments', kind: 'investors', query, alert: 'daily' } });
    const { id } = post.body as { id: string };
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await onServer()).toEqual([expect.objectContaining({ id, name: 'Seed payments', query, alert: 'daily', new_count: 0 })]);
  });

  it('shows the server’s refusal of a name taken under the field, and keeps the dialog open', async () => {
    await saveOnServer({ name: 'Seed payments', kind: 'investors', query: {} });
    const user = userEvent.setup();
    await renderWithProviders(<SaveSearchButton kind="investors" query={query} />);
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    const name = await within(dialog).findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Seed payments');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('You already have a saved search with this name'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Save search' })).toBeInTheDocument();
    expect(await onServer()).toHaveLength(1);
  });
});

describe('the sidebar’s saved searches', () => {
  it('says so when there are none', async () => {
    await renderWithProviders(<SidebarSavedSearches />);
    expect(await screen.findByText('Use Save search on Investors or Funds to keep a search here.')).toBeInTheDocument();
  });

  it('links each to its catalogue page with its query, and marks it seen when opened', async () => {
    const seed = await saveOnServer({ name: 'Seed fintech', kind: 'investors', query: { stages: ['Seed', 'Early Stage'], search_term: 'pay', gender: 'Female' } });
    await saveOnServer({ name: 'Berlin funds', kind: 'funds', query: { cities: ['Berlin'] } });
    const user = userEvent.setup();
    await renderWithProviders(<SidebarSavedSearches />);
    const nav = await screen.findByRole('navigation', { name: 'Saved searches' });
    const link = await within(nav).findByRole('link', { name: 'Seed fintech, investors' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://app');
    expect(href.pathname).toBe('/investors');
    expect(Object.fromEntries(href.searchParams)).toEqual({ stages: '["Seed","Early Stage"]', search: 'pay', gender: 'Female', sort: 'default' });
    expect(within(nav).getByRole('link', { name: 'Berlin funds, funds' })).toHaveAttribute('href', '/funds?cities=%5B%22Berlin%22%5D&sort=default');

    await user.click(link);
    await waitFor(() => expect(writes()).toEqual([expect.objectContaining({ method: 'POST', url: `/api/v1/saved-searches/${seed.id}/seen` })]));
  });

  it('renames, re-alerts and deletes a search from its menu', async () => {
    const seed = await saveOnServer({ name: 'Seed fintech', kind: 'investors', query: { stages: ['Seed'] } });
    const user = userEvent.setup();
    await renderWithProviders(
      <>
        <SavedSearchSyncReporter />
        <SidebarSavedSearches />
      </>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Saved searches' });
    await within(nav).findByRole('link', { name: 'Seed fintech, investors' });

    await user.click(within(nav).getByRole('button', { name: 'Actions for Seed fintech' }));
    expect(screen.getByRole('menuitemradio', { name: 'Alert: Weekly' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Alert: Off' }));
    expect(await screen.findByText('Alerts for “Seed fintech”: off')).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Actions for Seed fintech' }));
    await user.click(screen.getByRole('menuitem', { name: 'Rename…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename saved search' });
    const name = await within(dialog).findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Seed fintech');
    await user.clear(name);
    await user.type(name, 'Seed fintech (EU)');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await within(nav).findByRole('link', { name: 'Seed fintech (EU), investors' });
    // The sidebar shows a change at once; it reaches the server through the outbox just after.
    await expect.poll(onServer).toEqual([expect.objectContaining({ id: seed.id, name: 'Seed fintech (EU)', alert: 'off' })]);

    await user.click(within(nav).getByRole('button', { name: 'Actions for Seed fintech (EU)' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete saved search?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Use Save search on Investors or Funds to keep a search here.')).toBeInTheDocument();
    await expect.poll(onServer).toEqual([]);
    expect(writes().map((request) => `${request.method} ${request.url}`)).toEqual([
      `PATCH /api/v1/saved-searches/${seed.id}`,
      `PATCH /api/v1/saved-searches/${seed.id}`,
      `DELETE /api/v1/saved-searches/${seed.id}`,
    ]);
  });
});
