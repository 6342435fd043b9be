// A private contact added to a list while offline, against the real server and the real outbox: until it lands the
// list shows a draft (its id below zero) marked pending, whose stage, follow-up and amount show but do not change (the
// server would refuse a change to a row it does not have), in the table, on a phone's cards and on the board; and a
// draft, which has no page yet, does not open one from the table.
import 'fake-indexeddb/auto';
import { Suspense, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableColumn } from '@/components/DataGrid';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { cardSummary } from '@/app/routes/_app/-components/catalogue-card-summary';
import { investors } from '@/features/catalogue/kinds/investors';
import { createContactRequest } from '@/features/contacts/api/contact-outbox';
import { draftContact } from '@/features/contacts/api/draft-contact';
import { listKeys } from '@/features/lists/api/list-keys';
import { newRowAdditionEntry } from '@/features/lists/api/list-outbox';
import { useShownListItems } from '@/features/lists/api/use-shown-list-items';
import { ListCards } from '@/features/lists/components/ListCards';
import { ListTable } from '@/features/lists/components/ListTable';
import { outboxReplayer } from '@/features/offline';
import { loadOfflineDb } from '@/features/offline/db/offline-db-loader';
import { FollowUpAmountDialog } from '@/features/pipeline/components/FollowUpAmountDialog';
import { PipelineBoard } from '@/features/pipeline/components/PipelineBoard';
import { PipelineCardFacts } from '@/features/pipeline/components/PipelineCardFacts';
import { useListPipeline, type ShownRow } from '@/features/pipeline/use-list-pipeline';
import { formatName, formatText } from '@/lib/format';
import type { Investor, ListItemOf, ListSummary } from '@/shared/api-types';
import { call, createAccount, storeSession, useServerNetwork, type Account } from '../helpers/real-server';
import { preloadGridChunk } from '../helpers/grid-chunk';
import { renderWithProviders } from '../helpers/render-with-providers';

type Row = ListItemOf<Investor>;

useServerNetwork();
let ada: Account;
let list: ListSummary;
let known: Investor;

const nameOf = (row: Investor) => formatName(row.first_name, row.last_name);
const grace = { first_name: 'Grace', last_name: 'Hopper', firm_name: 'Navy' };
const outboxSize = async () => (await loadOfflineDb()).outbox.count();

preloadGridChunk();

beforeEach(async () => {
  ada = await createAccount();
  storeSession(ada.tokens);
  const token = ada.tokens.access_token;
  list = (await call<ListSummary>('POST', '/lists', { token, body: { name: 'Seed leads', description: '', list_type: 'investor' } })).body;
  [known] = (await call<{ results: Investor[] }>('GET', '/investors/search?page=1&per_page=1', { token })).body.results;
  await call('POST', `/lists/${list.id}/investors/batch`, { token, body: { investor_ids: [known.id] } });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await (await loadOfflineDb()).outbox.clear();
});

/** The list's rows as its page composes them: the lists feature's rows and views, the pipeline feature's columns and facts. */
function SeedLeads({ view }: { view: 'table' | 'cards' | 'board' }) {
  const { list: shown, items, pendingIds } = useShownListItems<Row>(list.id);
  const pipeline = useListPipeline({ listKeys, listId: list.id, listType: 'investor', items, pendingIds, itemName: nameOf, listName: shown.name });
  const [page, setPage] = useState(1);
  const renderNameLink = (row: Row) => (
    <TextLink to="/investor/$id" params={{ id: String(row.id) }}>
      {nameOf(row)}
    </TextLink>
  );
  const nameColumn = investors.columns[0] as TableColumn<ShownRow<Row>>;
  return (
    <>
      {view === 'table' && (
        <ListTable
          list={shown}
          rows={pipeline.rows}
          pendingIds={pendingIds}
          columns={[nameColumn, ...pipeline.columns]}
          itemName={nameOf}
          term=""
          toolbar={null}
        />
      )}
      {view === 'cards' && (
        <ListCards
          list={shown}
          rows={pipeline.rows}
          pendingIds={pendingIds}
          itemName={nameOf}
          renderNameLink={renderNameLink}
          renderSummary={(row) => cardSummary(investors, row, null)}
          renderPipeline={(row) => <PipelineCardFacts row={row} name={nameOf(row)} onStageChange={pipeline.changeStage} onEdit={pipeline.edit} />}
          toolbar={null}
          page={page}
          onPageChange={setPage}
          selected={[]}
          onSelectionChange={() => {}}
          selectionActions={null}
          term=""
        />
      )}
      {view === 'board' && (
        <PipelineBoard
          rows={pipeline.rows}
          itemName={nameOf}
          firmName={(row) => formatText(row.firm_name)}
          renderNameLink={renderNameLink}
          onStageChange={pipeline.changeStage}
          onEdit={pipeline.edit}
        />
      )}
      <FollowUpAmountDialog {...pipeline.dialog} />
    </>
  );
}

/** The list's page, opened online; then offline, Add an investor queues the contact and its addition as one change. */
async function render(view: 'table' | 'cards' | 'board') {
  const rendered = await renderWithProviders(
    <Suspense>
      <SeedLeads view={view} />
    </Suspense>,
  );
  await screen.findAllByText(nameOf(known));
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
  expect(await outboxReplayer.submit(newRowAdditionEntry(list.id, 'investor', draftContact(grace), createContactRequest(grace)))).toBe('queued');
  return rendered;
}

describe('a draft contact on a list', () => {
  it('shows in the table, pending, with its pipeline as values only, and opens no page', async () => {
    const user = userEvent.setup();
    const { router } = await render('table');
    const grid = await screen.findByRole('grid', { name: 'Seed leads' });
    const draft = await within(grid).findByRole('row', { name: /Grace Hopper/ });
    expect(within(draft).getByRole('img', { name: 'Grace Hopper: pending sync' })).toBeInTheDocument();
    expect(within(draft).getByText('Lead')).toBeInTheDocument();
    expect(within(draft).queryByRole('combobox')).toBeNull();
    expect(within(draft).queryByRole('button', { name: /^Set / })).toBeNull();
    // The catalogue's row beside it changes as ever.
    const saved = within(grid).getByRole('row', { name: new RegExp(nameOf(known)) });
    expect(within(saved).getByRole('combobox', { name: `Stage of ${nameOf(known)}` })).toBeInTheDocument();
    // Each value's button shows what it sets: a calendar for the follow-up, a price for the amount.
    const icon = (name: string) => within(saved).getByRole('button', { name: `${name} for ${nameOf(known)}` }).querySelector('svg');
    expect(icon('Set next follow-up')).toHaveAttribute('data-testid', 'EditCalendarOutlinedIcon');
    expect(icon('Set amount')).toHaveAttribute('data-testid', 'PriceChangeOutlinedIcon');

    await user.click(within(draft).getByText('Grace Hopper'));
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/');
    await user.click(within(saved).getByText(nameOf(known)));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/investor/${known.id}`));
  });

  it('shows on a phone’s card, pending, with its stage, follow-up and amount as values only', async () => {
    await render('cards');
    const cards = await screen.findByRole('list', { name: 'Seed leads' });
    const cardOf = (name: string) => within(cards).getByRole('heading', { name }).closest('li')!;
    const draft = await waitFor(() => cardOf('Grace Hopper'));
    expect(within(draft).getByText('Pending')).toBeInTheDocument();
    expect(within(draft).getByText('Lead')).toBeInTheDocument();
    expect(within(draft).queryByRole('combobox')).toBeNull();
    expect(within(draft).queryByRole('button', { name: /^Set follow-up/ })).toBeNull();
    const saved = cardOf(nameOf(known));
    expect(within(saved).getByRole('combobox', { name: `Stage of ${nameOf(known)}` })).toBeInTheDocument();
  });

  it('stays at its stage on the board, pending, with nothing to move or change it with', async () => {
    await render('board');
    const lead = await screen.findByRole('region', { name: 'Lead' });
    const draft = (await within(lead).findByText('Grace Hopper')).closest<HTMLElement>('[data-testid="board-card"]')!;
    expect(within(draft).getByRole('img', { name: 'Grace Hopper: pending sync' })).toBeInTheDocument();
    for (const name of [/^Move to/, /^Move Grace/, /^Set follow-up/]) expect(within(draft).queryByRole('button', { name })).toBeNull();
    const saved = within(lead).getByText(nameOf(known)).closest<HTMLElement>('[data-testid="board-card"]')!;
    expect(within(saved).getByRole('button', { name: `Move to… ${nameOf(known)}` })).toBeInTheDocument();
    expect(await outboxSize()).toBe(1);
  });
});
