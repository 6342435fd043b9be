// The whole client (router, guards, session, API client) on a memory history, with a loopback HTTP
// server standing in for the network: the guards of SPEC §2 both ways, nothing rendered while the
// current user loads, Log Out, and a failed refresh sending the user to /login (SPEC §4).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from '@tanstack/react-router';
import { SESSION_STORAGE_KEYS } from '@/lib/session';
import type { User } from '@/shared/api-types';
import { json, routeFetchTo, startStandInServer, type Answer, type RecordedRequest } from '../helpers/stand-in-server';

vi.setConfig({ testTimeout: 30_000 });

const ada: User = { id: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', profile_photo: null };

let server: Awaited<ReturnType<typeof startStandInServer>>;
let answer: (request: RecordedRequest) => Answer | Promise<Answer>;

beforeAll(async () => {
  server = await startStandInServer((request) => answer(request));
  routeFetchTo(server.origin);
  window.scrollTo = () => {};
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});
beforeEach(() => {
  localStorage.clear();
  server.requests.length = 0;
  answer = (request) =>
    request.url === '/api/v1/auth/me' && request.headers.authorization === 'Bearer good' ? json(200, ada) : json(404, { detail: 'Not found' });
  // The session reads localStorage once, when its module loads: each test starts with fresh modules.
  vi.resetModules();
});
afterEach(() => {
  document.title = '';
});

async function startApp(path: string) {
  const [{ App }, { createAppRouter }, { createQueryClient }, { session }] = await Promise.all([
    import('@/app/App'),
    import('@/app/router'),
    import('@/lib/query-client'),
    import('@/lib/session'),
  ]);
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, auth: session, history });
  const view = render(<App router={router} queryClient={queryClient} session={session} />);
  const location = () => router.state.location;
  return { ...view, router, queryClient, session, location };
}

function storeTokens(access: string, refresh: string) {
  localStorage.setItem(SESSION_STORAGE_KEYS.access, access);
  localStorage.setItem(SESSION_STORAGE_KEYS.refresh, refresh);
}

describe('guards and session', () => {
  it('sends a logged-out visitor to /login, keeping the asked-for page', async () => {
    const app = await startApp('/profile?tab=security');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(app.location().search).toEqual({ redirect: '/profile?tab=security' });
    expect(await screen.findByRole('heading', { name: 'Log in to Fundscape' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Log In | Fundscape'));
    expect(server.requests).toHaveLength(0);
  });

  it('sends a logged-in visitor away from the auth pages to /investors', async () => {
    storeTokens('good', 'refresh');
    for (const path of ['/login', '/', '/register', '/forgot-password']) {
      vi.resetModules();
      const app = await startApp(path);
      await waitFor(() => expect(app.location().pathname).toBe('/investors'));
      app.unmount();
    }
  });

  it('renders nothing until the current user has loaded, then the page with the sidebar', async () => {
    storeTokens('good', 'refresh');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    answer = async (request) => {
      await gate;
      return request.url === '/api/v1/auth/me' ? json(200, ada) : json(404, {});
    };
    const app = await startApp('/profile');
    await waitFor(() => expect(server.requests.map((r) => r.url)).toContain('/api/v1/auth/me'));
    expect(app.container).toBeEmptyDOMElement();

    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Account Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText('Ada Lovelace').length).toBeGreaterThan(0);
    expect(screen.getAllByText('ada@example.test').length).toBeGreaterThan(0);
    await waitFor(() => expect(document.title).toBe('Account Settings | Fundscape'));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Investors', '/investors'],
      ['Funds', '/funds'],
      ['Exclusive Offers', '/deal-offers'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('sends the user to /login when the refresh fails, removing the tokens', async () => {
    storeTokens('expired', 'revoked');
    answer = () => json(401, { detail: 'Access token is invalid or expired' });
    const app = await startApp('/profile');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(app.location().search).toEqual({ redirect: '/profile' });
    expect(server.requests.filter((r) => r.url === '/api/v1/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.access)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.refresh)).toBeNull();
    expect(app.session.isLoggedIn()).toBe(false);
  });

  it('renews an expired access token without the user noticing', async () => {
    storeTokens('expired', 'refresh-1');
    answer = (request) => {
      if (request.url === '/api/v1/auth/refresh') return json(200, { access_token: 'good', refresh_token: 'refresh-2' });
      if (request.url === '/api/v1/auth/me') return request.headers.authorization === 'Bearer good' ? json(200, ada) : json(401, {});
      return json(404, {});
    };
    const app = await startApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Account Settings', level: 1 })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/profile');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.access)).toBe('good');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.refresh)).toBe('refresh-2');
  });

  it('logs out from the account menu: tokens, flag and cached data gone, back at /login', async () => {
    storeTokens('good', 'refresh');
    const user = userEvent.setup();
    const app = await startApp('/deal-offers');
    expect(await screen.findByRole('heading', { name: 'Exclusive Offers', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Deal Offers | Fundscape'));
    expect(app.queryClient.getQueryData(['auth', 'me'])).toEqual(ada);

    await user.click(screen.getByRole('button', { name: 'Ada Lovelace ada@example.test' }));
    const menu = await screen.findByRole('menu');
    for (const item of ['Profile', 'Account Setting', 'Billing', 'Contact us', 'Log Out']) {
      expect(within(menu).getByRole('menuitem', { name: item })).toBeInTheDocument();
    }
    await user.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));

    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(app.location().search).toEqual({});
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.access)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.refresh)).toBeNull();
    expect(app.session.isLoggedIn()).toBe(false);
    expect(app.queryClient.getQueryData(['auth', 'me'])).toBeUndefined();
  });

  it('opens Profile from the account menu', async () => {
    storeTokens('good', 'refresh');
    const user = userEvent.setup();
    const app = await startApp('/deal-offers');
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace ada@example.test' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(app.location().pathname).toBe('/profile'));
  });

  it('shows the not-found page for an unknown path', async () => {
    await startApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found | Fundscape'));
  });
});
