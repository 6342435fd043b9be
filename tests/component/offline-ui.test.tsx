// The offline pieces of the UI: the banner follows the browser's online state, the 'not available
// offline' state offers a reload once online, and Log Out counts unsynced additions in the real
// outbox (IndexedDB through fake-indexeddb) and asks before discarding them.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material';
import { theme } from '@/app/theme';
import { LogOutConfirmDialog } from '@/features/offline/components/LogOutConfirmDialog';
import { NotAvailableOffline } from '@/features/offline/components/NotAvailableOffline';
import { OfflineBanner } from '@/features/offline/components/OfflineBanner';
import { useLogOutGuard } from '@/features/offline/use-log-out-guard';
import { loadOfflineDb } from '@/features/offline/db/offline-db-loader';
import { enqueue } from '@/features/offline/outbox/outbox';
import { usePendingChanges } from '@/features/offline/outbox/outbox-hooks';
import { additionEntry } from '@/features/lists/api/list-outbox';
import { session } from '@/lib/session';
import type { Investor } from '@/shared/api-types';

let online = true;

function goOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

/** An access token as the server issues it, as far as the client reads one: its subject. */
function accessTokenFor(userId: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: String(userId), typ: 'access', exp: Math.floor(Date.now() / 1000) + 900 })}.signature`;
}

const investor = (id: number) => ({ id, first_name: 'Ada', last_name: `Investor ${id}` }) as Investor;

const withTheme = (ui: React.ReactNode) => <ThemeProvider theme={theme}>{ui}</ThemeProvider>;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(async () => {
  vi.restoreAllMocks();
  session.logOut('expired');
  await (await loadOfflineDb()).outbox.clear();
});

describe('offline banner', () => {
  it('shows while the browser is offline and goes away when it is back', () => {
    render(withTheme(<OfflineBanner />));
    expect(screen.queryByRole('status')).toBeNull();
    goOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline. Pages you opened before still work');
    goOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('not available offline', () => {
  it('explains why offline and offers to load the page once online', async () => {
    online = false;
    const onRetry = vi.fn();
    render(withTheme(<NotAvailableOffline onRetry={onRetry} />));
    expect(screen.getByRole('heading', { name: 'Not available offline' })).toBeInTheDocument();
    expect(screen.getByText(/no saved copy/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Waiting for a connection…' })).toBeDisabled();
    expect(document.title).toBe('Not available offline | Fundscape');

    goOnline(true);
    await userEvent.click(screen.getByRole('button', { name: 'Load page' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('log out with unsynced additions', () => {
  function LogOutButton({ logOut }: { logOut: () => void }) {
    const guard = useLogOutGuard(logOut);
    return (
      <>
        <button onClick={guard.requestLogOut}>Log Out</button>
        <LogOutConfirmDialog {...guard.dialog} />
      </>
    );
  }

  it('logs out at once when nothing waits to be synced', async () => {
    session.logIn({ access_token: accessTokenFor(41), refresh_token: 'r' });
    const logOut = vi.fn();
    render(withTheme(<LogOutButton logOut={logOut} />));
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await vi.waitFor(() => expect(logOut).toHaveBeenCalledOnce());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says how many changes are not synced and logs out only when told to', async () => {
    online = false;
    session.logIn({ access_token: accessTokenFor(42), refresh_token: 'r' });
    const db = await loadOfflineDb();
    await enqueue(db, 42, additionEntry(3, 'investor', [investor(1), investor(2)]));
    await enqueue(db, 42, additionEntry(4, 'investor', [investor(2)]));
    // Another user's queue on this device is not theirs to count.
    await enqueue(db, 7, additionEntry(9, 'investor', [investor(5)]));

    const logOut = vi.fn();
    render(withTheme(<LogOutButton logOut={logOut} />));
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out with unsynced changes?' });
    expect(dialog).toHaveTextContent('2 changes to your lists are not synced yet');

    await userEvent.click(screen.getByRole('button', { name: 'Stay logged in' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(logOut).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Log out anyway' }));
    expect(logOut).toHaveBeenCalledOnce();
  });
});

describe('pending changes', () => {
  function PendingCount() {
    return <p>{usePendingChanges().length} pending</p>;
  }

  it('follow the outbox of the logged-in user live, and none once logged out', async () => {
    session.logIn({ access_token: accessTokenFor(51), refresh_token: 'r' });
    render(<PendingCount />);
    expect(screen.getByText('0 pending')).toBeInTheDocument();

    const db = await loadOfflineDb();
    await enqueue(db, 51, additionEntry(3, 'investor', [investor(1), investor(2)]));
    expect(await screen.findByText('1 pending')).toBeInTheDocument();
    await enqueue(db, 8, additionEntry(9, 'investor', [investor(5)]));
    await enqueue(db, 51, additionEntry(4, 'investor', [investor(3)]));
    expect(await screen.findByText('2 pending')).toBeInTheDocument();

    act(() => session.logOut());
    expect(await screen.findByText('0 pending')).toBeInTheDocument();
  });

  it('are read by one live query however many components show them, and redraw none while the outbox stays empty', async () => {
    session.logIn({ access_token: accessTokenFor(52), refresh_token: 'r' });
    const db = await loadOfflineDb();
    const where = vi.spyOn(db.outbox, 'where');
    let draws = 0;
    function CountedPending() {
      draws += 1;
      return <PendingCount />;
    }
    render(
      <>
        <CountedPending />
        <CountedPending />
        <CountedPending />
      </>,
    );
    await vi.waitFor(() => expect(where).toHaveBeenCalled());
    // The first answer, an empty outbox, is what the readers showed already.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(where).toHaveBeenCalledOnce();
    expect(draws).toBe(3);

    await enqueue(db, 52, additionEntry(3, 'investor', [investor(1)]));
    expect(await screen.findAllByText('1 pending')).toHaveLength(3);
    where.mockRestore();
  });
});
