// The API client against the real server: the bearer header, query arrays as repeated keys, the 302
// answers, the server's detail, and the single-flight refresh — one refresh for many 401s, one retry
// per call, a failed refresh ends the session and fails every waiting call.
import { beforeEach, describe, expect, it } from 'vitest';
import { apiErrorDetail, apiStatus, createApiClient, SessionExpiredError, type ApiClient } from '@/lib/api-client';
import { createSession, SESSION_STORAGE_KEYS, type LogoutReason, type Session } from '@/lib/session';
import { call, useServerNetwork, createAccount, origin, storeSession, type Account } from '../helpers/real-server';

/** An access token the server refuses, as it refuses an expired one. */
const EXPIRED = 'expired-access-token';

describe('api client', () => {
  let account: Account;
  let session: Session;
  let api: ApiClient;
  let logouts: Array<LogoutReason | undefined>;

  const network = useServerNetwork();
  beforeEach(async () => {
    localStorage.clear();
    account = await createAccount();
    logouts = [];
  });

  function connect() {
    session = createSession();
    session.subscribe((state, reason) => {
      if (!state.loggedIn) logouts.push(reason);
    });
    api = createApiClient({ session, baseURL: `${origin}/api/v1` });
  }

  const refreshes = () => network.sent.filter((request) => request.url === '/api/v1/auth/refresh');

  it('sends the stored access token as a bearer header, and none without one', async () => {
    connect();
    expect(apiStatus(await api('/lists').catch((error: unknown) => error))).toBe(401);
    expect(network.sent[0].authorization).toBeNull();

    storeSession(account.tokens);
    await api('/lists');
    expect(network.sent[1].authorization).toBe(`Bearer ${account.tokens.access_token}`);
    expect(refreshes()).toHaveLength(0);
  });

  it('sends query arrays as repeated keys without brackets and accepts paths with the /api/v1 prefix', async () => {
    storeSession(account.tokens);
    connect();
    await api('/api/v1/investors/search', { query: { page: 2, countries: ['France', 'United States'], search_term: 'a&b' } });
    const url = new URL(network.sent[0].url, origin);
    expect(url.pathname).toBe('/api/v1/investors/search');
    expect(url.searchParams.getAll('countries')).toEqual(['France', 'United States']);
    expect(url.search).not.toContain('%5B');
    expect(url.search).not.toContain('[');
    expect(url.searchParams.get('search_term')).toBe('a&b');
    expect(url.searchParams.get('page')).toBe('2');
  });

  it('hands back a 302 answer without a Location header as it is, body included', async () => {
    connect();
    const body = { email: account.email, password: account.password };
    const response = await api.raw<{ user_id: number }>('/auth/login', { method: 'POST', body });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBeNull();
    expect(response._data?.user_id).toBe(account.id);
    expect(network.sent[0].body).toEqual(body);
  });

  it('reads the server detail of a failed call', async () => {
    storeSession(account.tokens);
    const refused = await call<{ detail: string }>('POST', '/lists', { token: account.tokens.access_token, body: {} });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    connect();
    const error = await api('/lists', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(apiStatus(error)).toBe(refused.status);
    expect(apiErrorDetail(error)).toBe(refused.body.detail);
    expect(apiErrorDetail(new Error('plain'))).toBeUndefined();
  });

  it('refreshes once for many calls failing with 401 at the same time and replays each with the new token', async () => {
    storeSession({ access_token: EXPIRED, refresh_token: account.tokens.refresh_token });
    // A slow refresh: every other call is refused and waits while it runs.
    network.delayAnswers((request) => request.url === '/api/v1/auth/refresh', 300);
    connect();

    const paths = ['/auth/me', '/lists', '/investors/search', '/funds/search', '/filters/investors/states', '/filters/investment-funds/cities'];
    await Promise.all(paths.map((path) => api(path)));

    expect(refreshes()).toHaveLength(1);
    expect(refreshes()[0].body).toEqual({ refresh_token: account.tokens.refresh_token });
    expect(refreshes()[0].authorization).toBeNull();
    const fresh = localStorage.getItem(SESSION_STORAGE_KEYS.access);
    expect(fresh).not.toBe(EXPIRED);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.refresh)).not.toBe(account.tokens.refresh_token);
    for (const path of paths) {
      const sent = network.sent.filter((request) => request.url === `/api/v1${path}`).map((request) => request.authorization);
      expect(sent).toEqual([`Bearer ${EXPIRED}`, `Bearer ${fresh}`]);
    }
    expect(session.isLoggedIn()).toBe(true);
    expect(logouts).toEqual([]);
  });

  it('uses a token a finished refresh already brought instead of refreshing again', async () => {
    storeSession({ access_token: EXPIRED, refresh_token: account.tokens.refresh_token });
    // The slow call's refusal arrives only after the fast call's refresh has finished.
    network.delayAnswers((request) => request.url === '/api/v1/lists' && request.authorization === `Bearer ${EXPIRED}`, 600);
    connect();
    await Promise.all([api('/lists'), api('/auth/me')]);
    expect(refreshes()).toHaveLength(1);
  });

  it('retries a call at most once: still 401 with the new token is the answer', async () => {
    storeSession({ access_token: EXPIRED, refresh_token: account.tokens.refresh_token });
    connect();
    // A wrong password is refused with 401 whatever the token.
    const error = await api('/auth/login', { method: 'POST', body: { email: account.email, password: 'Wrong!pass1' } }).catch((e: unknown) => e);
    expect(apiStatus(error)).toBe(401);
    expect(network.urls()).toEqual(['/api/v1/auth/login', '/api/v1/auth/refresh', '/api/v1/auth/login']);
  });

  it('ends the session when the refresh fails and fails every waiting call', async () => {
    storeSession({ access_token: EXPIRED, refresh_token: 'revoked-refresh-token' });
    network.delayAnswers((request) => request.url === '/api/v1/auth/refresh', 300);
    connect();
    expect(session.isLoggedIn()).toBe(true);

    const results = await Promise.allSettled([api('/auth/me'), api('/lists'), api('/investors/search')]);

    expect(results.every((result) => result.status === 'rejected' && result.reason instanceof SessionExpiredError)).toBe(true);
    expect(refreshes()).toHaveLength(1);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.access)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.refresh)).toBeNull();
    expect(session.isLoggedIn()).toBe(false);
    // The server refused the refresh token: the session ended there (the device then forgets its offline data).
    expect(logouts).toEqual(['ended']);
  });

  it('does not refresh for a 401 to a call sent without a token (a wrong password)', async () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.refresh, account.tokens.refresh_token);
    connect();
    const refused = await call<{ detail: string }>('POST', '/auth/login', { body: { email: account.email, password: 'Wrong!pass1' } });
    network.reset();
    const error = await api('/auth/login', { method: 'POST', body: { email: account.email, password: 'Wrong!pass1' } }).catch((e: unknown) => e);
    expect(apiErrorDetail(error)).toBe(refused.body.detail);
    expect(network.sent).toHaveLength(1);
  });
});
