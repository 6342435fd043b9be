// A row's touches, against the real server and the real outbox: on the investor's page each list's panel shows its
// touches (a co-founder's text private to them, her own shared or not at her word, deleted after a confirm), when the
// row was last contacted and whether they answered, and logs a touch by hand; on the list's table and a phone's card,
// the Last contacted column and fact, and Log a touch from the row, queued offline and landing once.
import 'fake-indexeddb/auto';
import { Suspense, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableColumn } from '@/components/DataGrid';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { cardSummary } from '@/app/routes/_app/-components/catalogue-card-summary';
import { investors } from '@/features/catalogue/kinds/investors';
import { listKeys } from '@/features/lists/api/list-keys';
import { useShownListItems } from '@/features/lists/api/use-shown-list-items';
import { useListEvents } from '@/features/teams/api/list-events';
import { ListCards } from '@/features/lists/components/ListCards';
import { ListTable } from '@/features/lists/components/ListTable';
import { outboxReplayer } from '@/features/offline';
import { loadOfflineDb } from '@/features/offline/db/offline-db-loader';
import { LazyLogTouchDialog } from '@/features/pipeline/components/LazyLogTouchDialog';
import { PipelineBoard } from '@/features/pipeline/components/PipelineBoard';
import { PipelineCardFacts } from '@/features/pipeline/components/PipelineCardFacts';
import { PipelinePanel } from '@/features/pipeline/components/PipelinePanel';
import { PipelineSyncReporter } from '@/features/pipeline/components/PipelineSyncReporter';
import { useListPipeline, type ShownRow } from '@/features/pipeline/use-list-pipeline';
import { formatName } from '@/lib/format';
import type { Investor, ListItemOf, ListSummary } from '@/shared/api-types';
import { CAPTURE_API, type CaptureAddress, type Touch } from '@/shared/capture';
import { openEventStream } from '../helpers/event-stream';
import { call, createAccount, mailedValue, origin, storeSession, useServerNetwork, type Account } from '../helpers/real-server';
import { preloadGridChunk } from '../helpers/grid-chunk';
import { renderWithProviders } from '../helpers/render-with-providers';

type Row = ListItemOf<Investor>;

const network = useServerNetwork();
let ada: Account;
let bob: Account;
let list: ListSummary;
let investor: Investor;

const nameOf = (row: Investor) => formatName(row.first_name, row.last_name);
const touchesPath = () => `/lists/${list.id}/investors/${investor.id}/touches`;
const touchesAs = async (account: Account) => (await call<Touch[]>('GET', touchesPath(), { token: account.tokens.access_token })).body;

preloadGridChunk();

beforeEach(async () => {
  [ada, bob] = await Promise.all([createAccount(), createAccount({ first_name: 'Bob', last_name: 'Noyce' })]);
  const token = ada.tokens.access_token;
  list = (await call<ListSummary>('POST', '/lists', { token, body: { name: 'Seed leads', description: '', list_type: 'investor' } })).body;
  [investor] = (await call<{ results: Investor[] }>('GET', '/investors/search?page=1&per_page=1', { token })).body.results;
  expect((await call('POST', `/lists/${list.id}/investors/batch`, { token, body: { investor_ids: [investor.id] } })).status).toBeLessThan(300);
  const invited = await call('POST', `/lists/${list.id}/members`, { token, body: { email: bob.email, role: 'editor' } });
  expect(invited.status).toBe(201);
  const members = await call<{ invitations: Array<{ id: number }> }>('GET', `/lists/${list.id}/members`, { token });
  expect(members.body.invitations).toHaveLength(1);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await (await loadOfflineDb()).outbox.clear();
});

/** Bob joins through the invitation the mail holds. */
async function bobJoins() {
  const token = await mailedValue(bob.email, /\/invitations\/([A-Za-z0-9_-]+)/);
  expect((await call('POST', `/invitations/${token}/accept`, { token: bob.tokens.access_token })).status).toBe(200);
}

describe('the investor page’s list panel', () => {
  it('shows a co-founder’s mail without its text, logs a touch of hers, stops and starts sharing its text, and deletes it', async () => {
    await bobJoins();
    const called = await call('POST', touchesPath(), {
      token: bob.tokens.access_token,
      body: { kind: 'call', body: 'They want a lead first', happened_at: new Date(Date.now() - 3 * 86_400_000).toISOString() },
    });
    expect(called.status).toBe(201);
    // Bob BCCs his capture address on a mail to the investor: it logs on the row, its text his alone.
    const { address } = (await call<CaptureAddress>('GET', '/capture/address', { token: bob.tokens.access_token })).body;
    const mail = [
      `From: Bob Noyce <${bob.email}>`,
      `To: ${investor.first_name} <${investor.email}>`,
      'Subject: Our seed round',
      `Message-ID: <${crypto.randomUUID()}@fundscape.test>`,
      `Date: ${new Date().toUTCString()}`,
      '',
      'The deck and the data room, for your eyes only.',
    ].join('\r\n');
    const intake = await fetch(new URL(CAPTURE_API.messages, origin), {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${/^log\+([^@]+)@/.exec(address)![1]}` },
      // Bytes, not a string: the recording network reads a string body as JSON.
      body: new TextEncoder().encode(mail),
    });
    expect(await intake.json()).toMatchObject({ status: 'logged', rows: 1 });
    storeSession(ada.tokens);
    const user = userEvent.setup();
    await renderWithProviders(
      <>
        <PipelineSyncReporter listKeys={listKeys} />
        <PipelinePanel listType="investor" itemId={investor.id} listKeys={listKeys} userId={ada.id} />
      </>,
    );
    const panel = await screen.findByRole('region', { name: 'Seed leads' });
    expect(await within(panel).findByText(/^Last contacted:/)).toHaveTextContent('Last contacted: Today');
    const touches = await within(panel).findByRole('list', { name: 'Touches in Seed leads' });
    const [sent, call_] = within(touches).getAllByRole('listitem');
    expect(sent).toHaveTextContent('E-mail sent: Our seed round');
    expect(sent).toHaveTextContent('by Bob Noyce');
    expect(sent.textContent).toContain(`With ${investor.first_name} (`);
    expect(sent.textContent?.toLowerCase()).toContain(`(${investor.email.toLowerCase()})`);
    expect(sent).toHaveTextContent('Text private to Bob Noyce');
    expect(sent).not.toHaveTextContent('for your eyes only');
    // A touch logged by hand is shared with the list from the start.
    expect(call_).toHaveTextContent('Call');
    expect(call_).toHaveTextContent('They want a lead first');
    for (const other of [sent, call_]) expect(within(other).queryByRole('button')).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Log a touch' }));
    const dialog = await openedDialog();
    expect(dialog).toHaveTextContent('In Seed leads');
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Meeting' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Partner meeting, asked for the model');
    await user.click(within(dialog).getByRole('checkbox', { name: 'They answered' }));
    await user.click(within(dialog).getByRole('button', { name: 'Log touch' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log a touch' })).toBeNull());
    const posted = network.sent.find((request) => request.method === 'POST' && request.url.endsWith('/touches'));
    expect(posted?.body).toMatchObject({ kind: 'meeting', body: 'Partner meeting, asked for the model', answered: true });

    const mine = await within(touches).findByText('Partner meeting, asked for the model');
    const item = mine.closest('li')!;
    await waitFor(() => expect(within(panel).getByText(/^Last contacted:/)).toHaveTextContent('Last contacted: Today'));
    expect(within(panel).getByTitle(/^Answered /)).toHaveTextContent('Answered');
    // Shared with the list from the start; she stops sharing its text, and shares it again.
    const bobReads = async () => (await touchesAs(bob)).find((touch) => touch.kind === 'meeting')?.body;
    expect(item).toHaveTextContent('Shared with the list');
    expect(await bobReads()).toBe('Partner meeting, asked for the model');
    await user.click(within(item).getByRole('button', { name: 'Stop sharing' }));
    await within(item).findByRole('button', { name: 'Share text with the list' });
    expect(item).not.toHaveTextContent('Shared with the list');
    expect(await bobReads()).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Share text with the list' }));
    await within(item).findByRole('button', { name: 'Stop sharing' });
    expect(await bobReads()).toBe('Partner meeting, asked for the model');

    await user.click(within(item).getByRole('button', { name: /^Delete meeting of / }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this entry?' });
    expect(confirm).toHaveTextContent('Its text is removed for everyone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(touches).queryByText('Partner meeting, asked for the model')).toBeNull());
    expect((await touchesAs(ada)).map((touch) => touch.kind)).toEqual(['email_sent', 'call']);
  });
});

/** The list's rows as its page composes them, with the Log a touch dialog. */
function SeedLeads({ view }: { view: 'table' | 'cards' | 'board' }) {
  const { list: shown, items, pendingIds } = useShownListItems<Row>(list.id);
  // Live only where a test gives it an EventSource (jsdom has none).
  useListEvents({ listKeys, listId: list.id, userId: ada.id });
  const pipeline = useListPipeline({ listKeys, listId: list.id, listType: 'investor', items, pendingIds, itemName: nameOf, listName: shown.name });
  const [page, setPage] = useState(1);
  const nameColumn = investors.columns[0] as TableColumn<ShownRow<Row>>;
  return (
    <>
      {view === 'board' ? (
        <PipelineBoard
          rows={pipeline.rows}
          itemName={nameOf}
          firmName={(row) => row.firm_name ?? ''}
          renderNameLink={nameOf}
          onStageChange={pipeline.changeStage}
          onEdit={pipeline.edit}
        />
      ) : view === 'table' ? (
        <ListTable
          list={shown}
          rows={pipeline.rows}
          pendingIds={pendingIds}
          columns={[nameColumn, ...pipeline.columns]}
          itemName={nameOf}
          term=""
          toolbar={null}
        />
      ) : (
        <ListCards
          list={shown}
          rows={pipeline.rows}
          pendingIds={pendingIds}
          itemName={nameOf}
          renderNameLink={(row) => (
            <TextLink to="/investor/$id" params={{ id: String(row.id) }}>
              {nameOf(row)}
            </TextLink>
          )}
          renderSummary={(row) => cardSummary(investors, row, null)}
          renderPipeline={(row) => (
            <PipelineCardFacts row={row} name={nameOf(row)} onStageChange={pipeline.changeStage} onEdit={pipeline.edit} onLogTouch={pipeline.logTouch} />
          )}
          toolbar={null}
          page={page}
          onPageChange={setPage}
          selected={[]}
          onSelectionChange={() => {}}
          selectionActions={null}
          term=""
        />
      )}
      <LazyLogTouchDialog {...pipeline.touchDialog} />
    </>
  );
}

/** The Log a touch dialog once its form's code has loaded (a dialog with a spinner stands in for it until then). */
async function openedDialog() {
  await screen.findByRole('textbox', { name: 'Note' }, { timeout: 15_000 });
  return screen.getByRole('dialog', { name: 'Log a touch' });
}

async function logTouchIn(dialogOpener: HTMLElement, note: string) {
  const user = userEvent.setup();
  await user.click(dialogOpener);
  const dialog = await openedDialog();
  expect(dialog).toHaveTextContent(`With ${nameOf(investor)}, in Seed leads`);
  await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), note);
  await user.click(within(dialog).getByRole('button', { name: 'Log touch' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log a touch' })).toBeNull());
}

describe('a list’s rows', () => {
  it('show Last contacted in the table, and a touch logged offline from the row shows pending and lands once', async () => {
    storeSession(ada.tokens);
    await renderWithProviders(
      <Suspense>
        <PipelineSyncReporter listKeys={listKeys} />
        <SeedLeads view="table" />
      </Suspense>,
    );
    const grid = await screen.findByRole('grid', { name: 'Seed leads' });
    expect(within(grid).getByRole('columnheader', { name: 'Last contacted' })).toBeInTheDocument();
    // The grid may draw the row anew: found again each time.
    const row = () => within(grid).getByRole('row', { name: new RegExp(nameOf(investor)) });
    expect(within(row()).queryByText('Answered')).toBeNull();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    await logTouchIn(within(row()).getByRole('button', { name: `Log a touch for ${nameOf(investor)}` }), 'Called from the train');
    expect(await screen.findByText(`Call with ${nameOf(investor)} is logged once you are back online`)).toBeInTheDocument();
    await waitFor(() => expect(within(row()).getByRole('img', { name: 'Touch: pending sync' })).toBeInTheDocument());
    expect(row()).toHaveTextContent('Today');
    expect(await touchesAs(ada)).toEqual([]);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await outboxReplayer.drain();
    const landed = await touchesAs(ada);
    expect(landed.map((touch) => [touch.kind, touch.body])).toEqual([['call', 'Called from the train']]);
    expect(await (await loadOfflineDb()).outbox.count()).toBe(0);
    // The server's row, refetched once the answer settled (or put in from the stream's row-changed): contacted today,
    // nothing pending. A whole suite on two cores has taken more than 5 s for it.
    await waitFor(() => expect(within(row()).queryByRole('img', { name: 'Touch: pending sync' })).toBeNull());
    await waitFor(() => expect(row()).toHaveTextContent('Today'), { timeout: 15_000 });
  });

  it('show Last contacted and Answered on a phone’s card, and log a touch from it', async () => {
    const replied = await call('POST', touchesPath(), {
      token: ada.tokens.access_token,
      body: { kind: 'email_received', subject: 'Re: our round', happened_at: new Date(Date.now() - 86_400_000).toISOString() },
    });
    expect(replied.status).toBe(201);
    storeSession(ada.tokens);
    await renderWithProviders(
      <Suspense>
        <SeedLeads view="cards" />
      </Suspense>,
    );
    const cards = await screen.findByRole('list', { name: 'Seed leads' });
    const card = within(cards).getByRole('heading', { name: nameOf(investor) }).closest('li')!;
    expect(card).toHaveTextContent('Last contacted: Yesterday');
    expect(within(card).getByTitle(/^Answered /)).toHaveTextContent('Answered');
    await logTouchIn(within(card).getByRole('button', { name: `Log a touch for ${nameOf(investor)}` }), 'Thanked them');
    expect(await screen.findByText(`Call logged with ${nameOf(investor)}`)).toBeInTheDocument();
    await waitFor(async () => expect((await touchesAs(ada)).map((touch) => touch.kind)).toEqual(['call', 'email_received']));
  });

  it('show Last contacted and Answered on a board card, the same as the table and a phone’s card', async () => {
    storeSession(ada.tokens);
    const { unmount } = await renderWithProviders(
      <Suspense>
        <SeedLeads view="board" />
      </Suspense>,
    );
    const card = async () => (await screen.findByText(nameOf(investor))).closest<HTMLElement>('[data-testid="board-card"]')!;
    expect(await card()).toHaveTextContent('No contact logged');
    expect(within(await card()).queryByTitle(/^Answered /)).toBeNull();
    unmount();

    const replied = await call('POST', touchesPath(), {
      token: ada.tokens.access_token,
      body: { kind: 'email_received', subject: 'Re: our round', happened_at: new Date(Date.now() - 86_400_000).toISOString() },
    });
    expect(replied.status).toBe(201);
    await renderWithProviders(
      <Suspense>
        <SeedLeads view="board" />
      </Suspense>,
    );
    await waitFor(async () => expect(await card()).toHaveTextContent('Last contacted: Yesterday'));
    expect(within(await card()).getByTitle(/^Answered /)).toHaveTextContent('Answered');
  });
});

/**
 * EventSource as the browser's, on the real server's stream read by fetch (jsdom has none): what the list's live
 * changes open. `opened` resolves once a stream is open.
 */
function installEventSource() {
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  class FetchEventSource extends EventTarget {
    onopen: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private closed = false;
    private stop = () => {};
    constructor(url: string) {
      super();
      void (async () => {
        const stream = await openEventStream(new URL(url, origin).href);
        this.stop = () => stream.close();
        if (this.closed) return stream.close();
        if (stream.status !== 200) return this.onerror?.();
        this.onopen?.();
        opened();
        for (;;) {
          const event = await stream.next(() => true, 60_000).catch(() => null);
          if (this.closed) return;
          if (!event) return this.onerror?.();
          this.dispatchEvent(new MessageEvent(event.event, { data: JSON.stringify(event.data), lastEventId: event.id ?? '' }));
        }
      })();
    }
    close() {
      this.closed = true;
      this.stop();
    }
  }
  (globalThis as { EventSource?: unknown }).EventSource = FetchEventSource;
  onTestFinished(() => void delete (globalThis as { EventSource?: unknown }).EventSource);
  return open;
}

describe('a list’s live changes', () => {
  it('put a co-founder’s touch and stage change into the shown row without reading the list’s rows again', async () => {
    await bobJoins();
    const opened = installEventSource();
    storeSession(ada.tokens);
    await renderWithProviders(
      <Suspense>
        <SeedLeads view="cards" />
      </Suspense>,
    );
    const card = async () => (await screen.findByRole('heading', { name: nameOf(investor) })).closest('li')!;
    expect(await card()).toHaveTextContent('No contact logged');
    await opened;
    network.reset();

    // Bob logs the investor's reply on his device: the row is contacted, answered, and moves on from Lead.
    const replied = await call('POST', touchesPath(), {
      token: bob.tokens.access_token,
      body: { kind: 'email_received', subject: 'Re: our round', happened_at: new Date(Date.now() - 86_400_000).toISOString() },
    });
    expect(replied.status).toBe(201);
    await waitFor(async () => expect(await card()).toHaveTextContent('Last contacted: Yesterday'));
    expect(within(await card()).getByTitle(/^Answered /)).toHaveTextContent('Answered');
    expect(within(await card()).getByRole('combobox', { name: `Stage of ${nameOf(investor)}` })).toHaveTextContent('Contacted');
    expect(await card()).toHaveTextContent('Bob Noyce');

    const moved = await call('PATCH', `/lists/${list.id}/investors/${investor.id}`, { token: bob.tokens.access_token, body: { amount: 250_000 } });
    expect(moved.status).toBe(200);
    await waitFor(async () => expect(await card()).toHaveTextContent('$250,000'));
    // The rest of the list's data is read again (the list itself, once the changes settle); its rows are not.
    await waitFor(() => expect(network.urls()).toContain(`/api/v1/lists/${list.id}`));
    expect(network.urls().filter((url) => url.startsWith(`/api/v1/lists/${list.id}/items`))).toEqual([]);
  });
});
