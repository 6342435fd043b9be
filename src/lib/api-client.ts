// The one HTTP client of the app: ofetch with the bearer access token on every
// call and, on a 401, one single-flight token refresh whose result every waiting call is replayed with.
//
//   api<T>('/investors/search', { query: { page: 1, countries: ['France', 'Germany'] } })
//
// Paths may be written with or without the '/api/v1' prefix. Arrays in `query` go out as repeated
// keys without brackets (countries=France&countries=Germany). Errors are ofetch FetchErrors; read the
// server's `{ detail }` with apiErrorDetail(error).
import { FetchError, ofetch, type FetchOptions, type FetchResponse } from 'ofetch';
import { API } from '@/shared/api-paths';
import type { ErrorBody, Tokens } from '@/shared/api-types';
import { session as appSession, type Session } from './session';
import { handOverRefresh, refreshedElsewhere } from './refresh-handoff';

export type ApiOptions = Omit<FetchOptions<'json'>, 'baseURL' | 'retry' | 'responseType'>;

export interface ApiClient {
  <T>(url: string, options?: ApiOptions): Promise<T>;
  /** The whole response, for callers that read the status (login and register answer 302). */
  raw<T>(url: string, options?: ApiOptions): Promise<FetchResponse<T>>;
}

export interface ApiClientOptions {
  session: Session;
  /** Where '/api/v1' lives; an absolute URL in tests. */
  baseURL?: string;
  /** Defaults to the global fetch, looked up on every call so a service worker or test may wrap it. */
  fetch?: typeof globalThis.fetch;
}

/** Raised to every call that was waiting on a refresh that failed; the session is logged out by then. */
export class SessionExpiredError extends Error {
  constructor(cause: unknown) {
    super('Your session has expired. Please log in again.', { cause });
    this.name = 'SessionExpiredError';
  }
}

export function apiStatus(error: unknown): number | undefined {
  return error instanceof FetchError ? error.status : undefined;
}

/** The server's `detail` text of a failed call, when it sent one. */
export function apiErrorDetail(error: unknown): string | undefined {
  if (!(error instanceof FetchError)) return undefined;
  const data = error.data as Partial<ErrorBody> | undefined;
  return typeof data?.detail === 'string' && data.detail !== '' ? data.detail : undefined;
}

/** '/api/v1/lists' and '/lists' name the same call. */
function withoutApiPrefix(url: string): string {
  return url === API || url.startsWith(`${API}/`) ? url.slice(API.length) : url;
}

function withBearer(headers: HeadersInit | undefined, token: string | null): Headers {
  const merged = new Headers(headers);
  if (token) merged.set('Authorization', `Bearer ${token}`);
  return merged;
}

/**
 * Refresh tokens are rotated on every use and a reused one revokes the session, so two tabs must
 * never refresh with the same token: the Web Locks API serialises the refresh across tabs.
 */
function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('fundscape.token-refresh', task) : task();
}

export function createApiClient({ session, baseURL = API, fetch }: ApiClientOptions): ApiClient {
  const base = ofetch.create(
    // No timeout and no automatic retries: the token refresh is the only replay.
    { baseURL, retry: 0 },
    { fetch: (input, init) => (fetch ?? globalThis.fetch)(input, init) },
  );

  let refreshing: Promise<string> | null = null;

  async function refresh(refused: string): Promise<string> {
    try {
      return await acrossTabs(async () => {
        // Another tab may have refreshed while this one waited for the lock: its tokens are in storage.
        const current = session.getAccessToken();
        if (current && current !== refused) return current;
        const refreshToken = session.getRefreshToken();
        if (!refreshToken) throw new Error('no refresh token stored');
        const handedOver = await refreshedElsewhere(refreshToken);
        if (handedOver) {
          session.storeTokens(handedOver);
          return handedOver.access_token;
        }
        const tokens = await base<Tokens>('/auth/refresh', { method: 'POST', body: { refresh_token: refreshToken } });
        session.storeTokens(tokens);
        await handOverRefresh(refreshToken, tokens);
        return tokens.access_token;
      });
    } catch (error) {
      const status = apiStatus(error);
      session.logOut(status !== undefined && status >= 400 && status < 500 ? 'ended' : 'expired');
      throw new SessionExpiredError(error);
    }
  }

  /** A token newer than the one that was refused: a finished refresh's, or the one a running refresh brings. */
  function renewedToken(refused: string): Promise<string> {
    const current = session.getAccessToken();
    if (refreshing) return refreshing;
    if (current === null) return Promise.reject(new SessionExpiredError('logged out while the call ran'));
    if (current !== refused) return Promise.resolve(current);
    refreshing = refresh(refused).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function send<R>(call: (headers: Headers) => Promise<R>, options: ApiOptions | undefined): Promise<R> {
    const token = session.getAccessToken();
    try {
      return await call(withBearer(options?.headers, token));
    } catch (error) {
      // Calls sent without a token (log in, sign up …) have nothing to refresh: their 401 is the answer.
      if (apiStatus(error) !== 401 || !token) throw error;
      const renewed = await renewedToken(token);
      return call(withBearer(options?.headers, renewed));
    }
  }

  const api = (<T>(url: string, options?: ApiOptions) =>
    send((headers) => base<T>(withoutApiPrefix(url), { ...options, headers }), options)) as ApiClient;
  api.raw = <T>(url: string, options?: ApiOptions) =>
    send((headers) => base.raw<T>(withoutApiPrefix(url), { ...options, headers }), options);
  return api;
}

export const api: ApiClient = createApiClient({ session: appSession });
