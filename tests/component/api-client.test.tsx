// The API client against a real loopback HTTP server: bearer header, query arrays, the 302 answers,
// and the single-flight refresh of SPEC §4 (one refresh for many 401s, one retry per call, a failed
// refresh ends the session and fails every waiting call).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorDetail, apiStatus, createApiClient, SessionExpiredError, type ApiClient } from '@/lib/api-client';
import { createSession, SESSION_STORAGE_KEYS, type LogoutReason, type Session } from '@/lib/session';
import { json, startStandInServer, type RecordedRequest } from '../helpers/stand-in-server';

type StandIn = Awaited<ReturnType<typeof startStandInServer>>;

const bearer = (request: RecordedRequest) => request.headers.authorization;

describe('api client', () => {
  let server: StandIn;
  let session: Session;
  let api: ApiClient;
  let logouts: Array<LogoutReason | undefined>;

  function storeTokens(access: string, refresh: string) {
    localStorage.setItem(SESSION_STORAGE_KEYS.access, access);
    localStorage.setItem(SESSION_STORAGE_KEYS.refresh, refresh);
  }

  beforeEach(async () => {
    localStorage.clear();
    server = await startStandInServer(() => json(200, {}));
    logouts = [];
  });

  afterEach(async () => {
    await server.close();
  });

  function connect() {
    session = createSession();
    session.subscribe((state, reason) => {
      if (!state.loggedIn) logouts.push(reason);
    });
    api = createApiClient({ session, baseURL: `${server.origin}/api/v1` });
  }

  it('sends the stored access token as a bearer header, and none without one', async () => {
    connect();
    await api('/lists');
    expect(bearer(server.requests[0])).toBeUndefined();

    storeTokens('access-1', 'refresh-1');
    await api('/lists');
    expect(bearer(server.requests[1])).toBe('Bearer access-1');
  });

  it('sends query arrays as repeated keys without brackets and accepts paths with the /api/v1 prefix', async () => {
    connect();
    await api('/api/v1/investors/search', { query: { page: 2, countries: ['France', 'United States'], search_term: 'a&b' } });
    const url = new URL(server.requests[0].url, server.origin);
    expect(url.pathname).toBe('/api/v1/investors/search');
    expect(url.searchParams.getAll('countries')).toEqual(['France', 'United States']);
    expect(url.search).not.toContain('%5B');
    expect(url.search).not.toContain('[');
    expect(url.searchParams.get('search_term')).toBe('a&b');
    expect(url.searchParams.get('page')).toBe('2');
  });

  it('hands back a 302 answer without a Location header as it is, body included', async () => {
    server.answerWith(() => json(302, { user_id: 7, email: 'a@b.test', detail: 'OTP code sent' }));
    connect();
    const response = await api.raw<{ user_id: number }>('/auth/login', { method: 'POST', body: { email: 'a@b.test', password: 'x' } });
    expect(response.status).toBe(302);
    expect(response._data?.user_id).toBe(7);
    expect(server.requests[0].body).toEqual({ email: 'a@b.test', password: 'x' });
  });

  it('reads the server detail of a failed call', async () => {
    server.answerWith(() => json(422, { detail: 'body: unknown field' }));
    connect();
    const error = await api('/lists', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(apiStatus(error)).toBe(422);
    expect(apiErrorDetail(error)).toBe('body: unknown field');
    expect(apiErrorDetail(new Error('plain'))).toBeUndefined();
  });

  it('refreshes once for many calls failing with 401 at the same time and replays each with the new token', async () => {
    storeTokens('expired', 'refresh-1');
    server.answerWith((request) => {
      if (request.url === '/api/v1/auth/refresh') {
        // Slow enough that every other call fails and queues while this refresh runs.
        return { status: 200, body: { access_token: 'fresh', refresh_token: 'refresh-2' }, delayMs: 150 };
      }
      return bearer(request) === 'Bearer fresh' ? json(200, { path: request.url }) : json(401, { detail: 'expired' });
    });
    connect();

    const paths = ['/a', '/b', '/c', '/d', '/e', '/f'];
    const answers = await Promise.all(paths.map((path) => api<{ path: string }>(path)));

    expect(answers.map((answer) => answer.path)).toEqual(paths.map((path) => `/api/v1${path}`));
    const refreshes = server.requests.filter((request) => request.url === '/api/v1/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].body).toEqual({ refresh_token: 'refresh-1' });
    expect(refreshes[0].headers.authorization).toBeUndefined();
    for (const path of paths) {
      const sent = server.requests.filter((request) => request.url === `/api/v1${path}`).map(bearer);
      expect(sent).toEqual(['Bearer expired', 'Bearer fresh']);
    }
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.access)).toBe('fresh');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.refresh)).toBe('refresh-2');
    expect(session.isLoggedIn()).toBe(true);
    expect(logouts).toEqual([]);
  });

  it('uses a token a finished refresh already brought instead of refreshing again', async () => {
    storeTokens('expired', 'refresh-1');
    let refreshes = 0;
    server.answerWith((request) => {
      if (request.url === '/api/v1/auth/refresh') {
        refreshes += 1;
        return json(200, { access_token: `fresh-${refreshes}`, refresh_token: `refresh-${refreshes + 1}` });
      }
      if (request.url === '/api/v1/slow' && bearer(request) === 'Bearer expired') return { status: 401, body: {}, delayMs: 200 };
      return bearer(request)?.startsWith('Bearer fresh') ? json(200, {}) : json(401, {});
    });
    connect();
    // The slow call is refused only after the fast one's refresh has finished.
    await Promise.all([api('/slow'), api('/fast')]);
    expect(refreshes).toBe(1);
  });

  it('retries a call at most once: still 401 with the new token is the answer', async () => {
    storeTokens('expired', 'refresh-1');
    server.answerWith((request) =>
      request.url === '/api/v1/auth/refresh'
        ? json(200, { access_token: 'fresh', refresh_token: 'refresh-2' })
        : json(401, { detail: 'Not allowed' }),
    );
    connect();
    const error = await api('/lists').catch((e: unknown) => e);
    expect(apiStatus(error)).toBe(401);
    expect(server.requests.map((request) => request.url)).toEqual(['/api/v1/lists', '/api/v1/auth/refresh', '/api/v1/lists']);
  });

  it('ends the session when the refresh fails and fails every waiting call', async () => {
    storeTokens('expired', 'revoked');
    server.answerWith((request) =>
      request.url === '/api/v1/auth/refresh'
        ? { status: 401, body: { detail: 'Refresh token is invalid' }, delayMs: 100 }
        : json(401, { detail: 'expired' }),
    );
    connect();
    expect(session.isLoggedIn()).toBe(true);

    const results = await Promise.allSettled([api('/a'), api('/b'), api('/c')]);

    expect(results.every((result) => result.status === 'rejected' && result.reason instanceof SessionExpiredError)).toBe(true);
    expect(server.requests.filter((request) => request.url === '/api/v1/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.access)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.refresh)).toBeNull();
    expect(session.isLoggedIn()).toBe(false);
    expect(logouts).toEqual(['expired']);
  });

  it('does not refresh for a 401 to a call sent without a token (a wrong password)', async () => {
    storeTokens('unused', 'refresh-1');
    localStorage.removeItem(SESSION_STORAGE_KEYS.access);
    server.answerWith(() => json(401, { detail: 'Invalid email or password' }));
    connect();
    const error = await api('/auth/login', { method: 'POST', body: { email: 'a@b.test', password: 'nope' } }).catch((e: unknown) => e);
    expect(apiErrorDetail(error)).toBe('Invalid email or password');
    expect(server.requests).toHaveLength(1);
  });
});
