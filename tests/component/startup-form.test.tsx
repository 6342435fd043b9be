// The startup form against the real server: fields checked as you type, nothing sent until they hold,
// a save stamped with when it was made, and a refusal shown where it belongs — under the field the
// server's detail names, else above the form. Edits go through the outbox (IndexedDB: fake-indexeddb).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StartupForm } from '@/features/startup/components/StartupForm';
import type { StartupProfile } from '@/shared/fit';
import { call, createAccount, storeSession, useServerNetwork, type Account } from '../helpers/real-server';
import { renderWithProviders } from '../helpers/render-with-providers';
import { SAMPLE_STARTUP } from '../helpers/startup-profile';

let ada: Account;

const network = useServerNetwork();
beforeEach(async () => {
  ada = await createAccount();
  storeSession(ada.tokens);
});
afterEach(() => {
  vi.useRealTimers();
});

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const puts = () => network.sent.filter((request) => request.method === 'PUT');

/** Answers every PUT of the profile with a 422 carrying `detail`, as the server words a refusal. */
function refuseSaves(detail: string) {
  const networkFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (init?.method === 'PUT' && url.endsWith('/api/v1/startup')) {
      return new Response(JSON.stringify({ detail }), { status: 422, headers: { 'content-type': 'application/json' } });
    }
    return networkFetch(input, init);
  });
  onTestFinished(() => network.install());
}

describe('the startup form', () => {
  it('checks the fields as you type and sends nothing until they hold', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<StartupForm profile={undefined} />);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Stage is required')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one industry')).toBeInTheDocument();
    expect(screen.getByText('Target close date is required')).toBeInTheDocument();

    await user.type(input(/^Company name/), 'Tidewater Robotics');
    await waitFor(() => expect(screen.queryByText('Company name is required')).not.toBeInTheDocument());
    await user.type(input(/^Amount raised/), '999');
    expect(await screen.findByText('Enter an amount from $1,000 to $10,000,000,000')).toBeInTheDocument();
    await user.clear(input(/^Amount raised/));
    await user.type(input(/^Amount raised/), '2.5M');
    expect(await screen.findByText('Enter a whole number of dollars, e.g. 2,500,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(puts()).toEqual([]);
  });

  it('saves the profile, stamped with when the edit was made, and toasts', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<StartupForm profile={SAMPLE_STARTUP} />);
    expect(input(/^Company name/)).toHaveValue(SAMPLE_STARTUP.name);
    await user.clear(input(/^Company name/));
    await user.type(input(/^Company name/), ' Tidewater Marine ');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your startup profile is saved; investors are ranked by it.')).toBeInTheDocument();
    const [put] = puts();
    expect(put).toMatchObject({ url: '/api/v1/startup', body: { ...SAMPLE_STARTUP, name: 'Tidewater Marine' } });
    expect(Date.now() - Date.parse((put.body as { changed_at: string }).changed_at)).toBeLessThan(60_000);
    const saved = await call<StartupProfile>('GET', '/startup', { token: ada.tokens.access_token });
    expect(saved.body).toEqual({ ...SAMPLE_STARTUP, name: 'Tidewater Marine' });
  });

  it("shows a refusal naming a field under that field, and the form's values stay as typed", async () => {
    const user = userEvent.setup();
    refuseSaves("body 'raise_amount' must be >= 1000");
    await renderWithProviders(<StartupForm profile={SAMPLE_STARTUP} />);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    const message = await screen.findByText("body 'raise_amount' must be >= 1000");
    expect(input(/^Amount raised/)).toHaveAccessibleDescription(expect.stringContaining("'raise_amount' must be >= 1000") as string);
    expect(message).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input(/^Company name/)).toHaveValue(SAMPLE_STARTUP.name);
  });

  it('shows a refusal naming no field of the form above it (the real server, a device clock in 1999)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('1999-06-01T12:00:00Z') });
    const user = userEvent.setup();
    await renderWithProviders(<StartupForm profile={SAMPLE_STARTUP} />);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("body 'changed_at' must be after 2000-01-01");
    expect(puts()).toHaveLength(1);
  });
});
