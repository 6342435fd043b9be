// A phone's catalogue rows (issue 34) against the real server's rows: each card reads its kind's
// descriptor (the name linking to the row's page, the title at the firm or the fund's contact, the type
// badge, the location, the first stage and industry with '+N', the fit chip with its reasons on a tap,
// the pending mark), and the page at a phone's width shows cards, not a grid, with the selection bar.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CatalogueCard } from '@/features/catalogue/components/CatalogueCard';
import { CataloguePage } from '@/features/catalogue/components/CataloguePage';
import { funds } from '@/features/catalogue/kinds/funds';
import { investors } from '@/features/catalogue/kinds/investors';
import type { Fund, Investor, Paged } from '@/shared/api-types';
import type { Fit } from '@/shared/fit';
import { call, createAccount, storeSession, useServerNetwork, type Account } from '../helpers/real-server';
import { renderWithProviders } from '../helpers/render-with-providers';
import { SAMPLE_STARTUP } from '../helpers/startup-profile';

let ada: Account;
useServerNetwork();

beforeEach(async () => {
  ada = await createAccount();
  storeSession(ada.tokens);
});

async function firstPage<R>(catalogue: 'investors' | 'funds', query = ''): Promise<R[]> {
  const answer = await call<Paged<R>>('GET', `/${catalogue}/search?page=1&per_page=15${query}`, { token: ada.tokens.access_token });
  expect(answer.status).toBe(200);
  return answer.body.results;
}

const present = (values: string[]) => values.filter((value) => value.trim() !== '' && value !== 'NaN');

describe('CatalogueCard', () => {
  it('shows an investor: the name linking to its page, the title at the firm, the type, the place, the first stage and industry with +N', async () => {
    const rows = await firstPage<Investor>('investors');
    // A row with more than one stage, so '+N' shows.
    const investor = rows.find((row) => present(row.stage_preferences).length > 1) ?? rows[0];
    const onSelect = vi.fn();
    await renderWithProviders(<CatalogueCard kind={investors} row={investor} profile={null} selected={false} onSelect={onSelect} pending={false} />);
    const name = `${investor.first_name} ${investor.last_name}`;
    const heading = screen.getByRole('heading', { level: 2, name });
    expect(within(heading).getByRole('link', { name })).toHaveAttribute('href', `/investor/${investor.id}`);
    expect(screen.getByText(`${investor.contact_title.trim()} at ${investor.firm_name.trim()}`)).toBeInTheDocument();
    expect(screen.getByText(investor.type_of_firm.trim())).toBeInTheDocument();
    expect(screen.getByText(present([investor.city, investor.state, investor.country]).join(', '))).toBeInTheDocument();

    const stages = present(investor.stage_preferences);
    expect(screen.getByText(stages[0])).toBeInTheDocument();
    expect(screen.queryByText(stages[1])).not.toBeInTheDocument();
    expect(screen.getByText(`more stages`, { exact: false }).parentElement).toHaveTextContent(`+${stages.length - 1} more stages`);
    const industries = present(investor.industry_preferences);
    if (industries.length > 0) expect(screen.getByText(industries[0])).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
    expect(onSelect).toHaveBeenCalledWith(investor.id, true);
    expect(screen.queryByText('Pending')).not.toBeInTheDocument();
  });

  it('shows a fund: the firm, its contact, the fund type, the place and its stages', async () => {
    const [fund] = await firstPage<Fund>('funds');
    await renderWithProviders(<CatalogueCard kind={funds} row={fund} profile={null} selected onSelect={() => {}} pending={false} />);
    const heading = screen.getByRole('heading', { level: 2, name: fund.firm_name.trim() });
    expect(within(heading).getByRole('link')).toHaveAttribute('href', `/fund/${fund.id}`);
    if (fund.full_name !== 'NaN') expect(screen.getByText(fund.full_name.trim(), { exact: false })).toBeInTheDocument();
    expect(screen.getByText(fund.firm_type.trim())).toBeInTheDocument();
    expect(screen.getByText(present([fund.firm_state, fund.firm_country]).join(', '))).toBeInTheDocument();
    const stages = present(fund.stage_preferences);
    if (stages.length > 0) expect(screen.getByText(stages[0])).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: `Select ${fund.firm_name.trim()}` })).toBeChecked();
  });

  it('shows the fit chip with its reasons on a tap, and the pending mark of a row added offline', async () => {
    expect((await call('PUT', '/startup', { body: SAMPLE_STARTUP, token: ada.tokens.access_token })).status).toBe(200);
    const [investor] = await firstPage<Investor & { fit: Fit }>('investors', '&sort=fit');
    await renderWithProviders(<CatalogueCard kind={investors} row={investor} profile={SAMPLE_STARTUP} selected={false} onSelect={() => {}} pending />);
    const chip = screen.getByLabelText(new RegExp(`^Fit ${investor.fit.score} of 100`));
    await userEvent.click(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(`${investor.fit.score} of 100`);
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });
});

describe('CataloguePage on a phone', () => {
  const width = window.innerWidth;
  beforeEach(() => {
    window.innerWidth = 390;
  });
  afterEach(() => {
    window.innerWidth = width;
  });

  it('lists the rows as cards, not a grid, and offers the selection’s actions in a bar once cards are selected', async () => {
    const rows = await firstPage<Investor>('investors');
    const user = userEvent.setup();
    await renderWithProviders(
      <CataloguePage
        kind={investors}
        search={{}}
        fit={{ profile: null, pending: false }}
        selectionActions={(selected, layout) => <button type="button">{`Act on ${selected.length} (${layout})`}</button>}
        headerActions={(layout) => <button type="button">{`Save (${layout})`}</button>}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Investors' }, { timeout: 10_000 });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(rows.length));
    expect(within(list).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(
      rows.map((row) => `${row.first_name} ${row.last_name}`),
    );
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save (cards)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();

    const [a, b] = rows;
    await user.click(screen.getByRole('checkbox', { name: `Select ${a.first_name} ${a.last_name}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select ${b.first_name} ${b.last_name}` }));
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(bar).toHaveTextContent('2 selected');
    expect(within(bar).getByRole('button', { name: 'Act on 2 (cards)' })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
  });

  it('draws the invitation to describe the round under the rows once they are in, never under the spinner (the rows would push it down)', async () => {
    await renderWithProviders(
      <CataloguePage
        kind={investors}
        search={{}}
        fit={{ profile: null, pending: false }}
        selectionActions={() => null}
        headerActions={() => null}
      />,
    );
    const invitation = /Tell us about your round to rank investors by fit/;
    expect(screen.getByLabelText('Loading Investors')).toBeInTheDocument();
    expect(screen.queryByText(invitation)).not.toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Investors' }, { timeout: 10_000 });
    const alert = await screen.findByText(invitation);
    expect(list.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByLabelText('Loading Investors')).not.toBeInTheDocument();
  });
});
