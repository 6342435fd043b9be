// The browser session: both tokens in localStorage and a logged-in flag that starts
// true when an access token is stored. Listeners (the router's session sync, offline support) hear
// every login and logout.
import type { Tokens } from '@/shared/api-types';
import { clearAppBadge } from './app-badge';
import { clearRefreshHandoff } from './refresh-handoff';
import { endSessionOnServer, retryPendingLogouts } from './server-logout';

/** The localStorage keys of the two tokens. */
export const SESSION_STORAGE_KEYS = { access: 'fundscape.access_token', refresh: 'fundscape.refresh_token' } as const;
const ACCESS_KEY = SESSION_STORAGE_KEYS.access;
const REFRESH_KEY = SESSION_STORAGE_KEYS.refresh;

/**
 * Why the flag last went down: the user chose to leave; the server ended the session (it refused the refresh
 * token: a log-out elsewhere, a password reset), and the device forgets the user's offline data; or the refresh
 * failed otherwise (no answer), and that data stays for the same user's next login.
 */
export type LogoutReason = 'logout' | 'ended' | 'expired';

export interface SessionState {
  loggedIn: boolean;
}

type Listener = (state: SessionState, reason?: LogoutReason) => void;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (quota, disabled storage): the tokens are then not kept at all.
  }
}

export function createSession() {
  let loggedIn = read(ACCESS_KEY) !== null;
  const listeners = new Set<Listener>();
  const notify = (reason?: LogoutReason) => listeners.forEach((listener) => listener({ loggedIn }, reason));

  // Log Out in another tab removes the tokens there: this tab follows (a refresh only replaces them).
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if ((event.key === ACCESS_KEY || event.key === null) && loggedIn && read(ACCESS_KEY) === null) {
        loggedIn = false;
        notify('logout');
      }
    });
    retryPendingLogouts();
  }

  return {
    getAccessToken: () => read(ACCESS_KEY),
    getRefreshToken: () => read(REFRESH_KEY),
    isLoggedIn: () => loggedIn,

    /** Stores fresh tokens without touching the flag (a refresh, or the 1 s pause of e-mail verification). */
    storeTokens(tokens: Tokens) {
      write(ACCESS_KEY, tokens.access_token);
      write(REFRESH_KEY, tokens.refresh_token);
    },

    /** Stores the tokens and marks the user logged in. */
    logIn(tokens: Tokens) {
      write(ACCESS_KEY, tokens.access_token);
      write(REFRESH_KEY, tokens.refresh_token);
      loggedIn = true;
      notify();
    },

    /** Marks logged in with tokens stored earlier by storeTokens. */
    markLoggedIn() {
      if (read(ACCESS_KEY) === null) throw new Error('markLoggedIn needs stored tokens');
      loggedIn = true;
      notify();
    },

    /**
     * Clears both tokens and the flag; listeners clear cached data and navigate. The user's own Log Out
     * also ends the session on the server (without waiting for it); an expired one has ended there already.
     */
    logOut(reason: LogoutReason = 'logout') {
      const refreshToken = read(REFRESH_KEY);
      if (reason === 'logout' && refreshToken !== null) endSessionOnServer(refreshToken);
      write(ACCESS_KEY, null);
      write(REFRESH_KEY, null);
      void clearRefreshHandoff();
      // The icon's count of follow-ups was this user's.
      clearAppBadge();
      const changed = loggedIn;
      loggedIn = false;
      if (changed) notify(reason);
    },

    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Session = ReturnType<typeof createSession>;

/** The app's one session. */
export const session: Session = createSession();
