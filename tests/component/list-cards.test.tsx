// A list's rows as a phone's cards, against the real server: each card an item headed by the row's name
// (a link to its page) with the investor's summary and its pipeline; a checkbox for an editor, none for a
// viewer or a row still pending; 15 cards a page; the selection bar's Remove from list, with Undo.
import 'fake-indexeddb/auto';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cardSummary } from '@/app/routes/_app/-components/catalogue-card-summary';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { investors } from '@/features/catalogue/kinds/investors';
import { ListCards } from '@/features/lists/components/ListCards';
import { PipelineCardFacts } from '@/features/pipeline/components/PipelineCardFacts';
import { formatName } from '@/lib/format';
import type { Investor, ListItemOf, ListSummary } from '@/shared/api-types';
import type { ListRole } from '@/shared/teams';
import { call, createAccount, storeSession, useServerNetwork, type Account } from '../helpers/real-server';
import { renderWithProviders } from '../helpers/render-with-providers';

type Row = ListItemOf<Investor> & { pendingFields: ReadonlySet<never> };

useServerNetwork();
let ada: Account;
let list: ListSummary;
let rows: Row[];

const nameOf = (row: Investor) => formatName(row.first_name, row.last_name);
const itemIds = async () =>
  (await call<Investor[]>('GET', `/lists/${list.id}/items`, { token: ada.tokens.access_token })).body.map((item) => item.id).sort();

beforeEach(async () => {
  ada = await createAccount();
  storeSession(ada.tokens);
  const token = ada.tokens.access_token;
  list = (await call<ListSummary>('POST', '/lists', { token, body: { name: 'Seed leads', description: '', list_type: 'investor' } })).body;
  const found = await call<{ results: Investor[] }>('GET', '/investors/search?page=1&per_page=20', { token });
  await call('POST', `/lists/${list.id}/investors/batch`, { token, body: { investor_ids: found.body.results.map((row) => row.id) } });
  const items = await call<ListItemOf<Investor>[]>('GET', `/lists/${list.id}/items`, { token });
  rows = items.body.map((item) => ({ ...item, pendingFields: new Set<never>() }));
});

function Cards({ role = 'owner', pendingIds = new Set<number>(), shown = rows }: { role?: ListRole; pendingIds?: Set<number>; shown?: Row[] }) {
  const [page, setPage] = useState(1);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  return (
    <ListCards<Row>
      list={{ ...list, role }}
      rows={shown}
      pendingIds={pendingIds}
      itemName={nameOf}
      renderNameLink={(row) => (
        <TextLink to="/investor/$id" params={{ id: String(row.id) }}>
          {nameOf(row)}
        </TextLink>
      )}
      renderSummary={(row) => cardSummary(investors, row, null)}
      renderPipeline={(row) => (
        <PipelineCardFacts row={row} name={nameOf(row)} onStageChange={() => {}} onEdit={() => {}} readOnly={role === 'viewer'} />
      )}
      toolbar={null}
      page={page}
      onPageChange={setPage}
      selected={shown.filter((row) => selectedIds.has(row.id))}
      onSelectionChange={setSelectedIds}
      selectionActions={null}
      term=""
    />
  );
}

describe('a list as cards', () => {
  it('shows 15 cards a page, each an item headed by its name linking to its page, with its summary and pipeline', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Cards />);
    // The first screen's cards come with the page, the rest just after.
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Seed leads' })).getAllByRole('listitem')).toHaveLength(15));
    const cards = within(screen.getByRole('list', { name: 'Seed leads' })).getAllByRole('listitem');
    const [first] = rows;
    const heading = within(cards[0]).getByRole('heading', { level: 2 });
    expect(heading).toHaveTextContent(nameOf(first));
    expect(within(heading).getByRole('link')).toHaveAttribute('href', `/investor/${first.id}`);
    if (first.contact_title !== 'NaN' && first.firm_name !== 'NaN') {
      expect(cards[0]).toHaveTextContent(`${first.contact_title.trim()} at ${first.firm_name.trim()}`);
    }
    expect(within(cards[0]).getByRole('combobox', { name: `Stage of ${nameOf(first)}` })).toHaveTextContent('Lead');
    expect(within(cards[0]).getByRole('checkbox', { name: `Select ${nameOf(first)}` })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    const second = within(screen.getByRole('list', { name: 'Seed leads' })).getAllByRole('listitem');
    expect(second).toHaveLength(5);
    expect(second[0]).toHaveTextContent(nameOf(rows[15]));
  });

  it('gives a viewer no checkbox and no stage select, and a pending row its mark and no checkbox', async () => {
    const viewer = await renderWithProviders(<Cards role="viewer" shown={rows.slice(0, 2)} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Lead');
    viewer.unmount();

    await renderWithProviders(<Cards shown={rows.slice(0, 2)} pendingIds={new Set([rows[1].id])} />);
    const [saved, pending] = screen.getAllByRole('listitem');
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).queryByRole('checkbox')).toBeNull();
    expect(within(saved).queryByText('Pending')).toBeNull();
    expect(within(saved).getByRole('checkbox')).toBeInTheDocument();
  });

  it('removes two selected cards from the list through the selection bar, and Undo adds them back', async () => {
    const user = userEvent.setup();
    const before = await itemIds();
    await renderWithProviders(<Cards />);
    const [a, b] = rows;
    await user.click(screen.getByRole('checkbox', { name: `Select ${nameOf(a)}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select ${nameOf(b)}` }));
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(bar).toHaveTextContent('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Remove from list' }));
    expect(await screen.findByText('Removed 2 investors from Seed leads')).toBeInTheDocument();
    await waitFor(async () => expect(await itemIds()).toEqual(before.filter((id) => id !== a.id && id !== b.id)));
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect(await itemIds()).toEqual(before));
  }, 60_000);
});
