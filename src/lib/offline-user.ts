// Whose data the offline store reads and writes: the user named by the stored access token. The token
// is only decoded, never trusted — the server verifies it; here it just partitions this device's data.
import type { OfflineDb } from './offline-db';
import { session as appSession, type Session } from './session';

interface AccessClaims {
  userId: number;
  /** Expiry in ms since the epoch, when the token carries one. */
  expiresAt: number | null;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The user id (`sub`) and expiry of a JWT access token, or null when it is not one. */
export function readAccessClaims(token: string | null): AccessClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(decodeBase64Url(payload)) as { sub?: unknown; exp?: unknown };
    const userId = Number(claims.sub);
    if (!Number.isInteger(userId) || userId <= 0) return null;
    return { userId, expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : null };
  } catch {
    return null;
  }
}

/** The id of the logged-in user, or null when nobody is. */
export function offlineUserId(session: Session = appSession): number | null {
  return readAccessClaims(session.getAccessToken())?.userId ?? null;
}

/**
 * Removes a user's offline data — persisted answers and unsent additions — when they log out. When
 * their session merely expires (the refresh failed) everything stays for their own next login.
 */
export function forgetUserOnLogout(loadDb: () => Promise<OfflineDb>, session: Session = appSession): () => void {
  let lastUserId = offlineUserId(session);
  return session.subscribe(({ loggedIn }, reason) => {
    if (loggedIn) {
      lastUserId = offlineUserId(session);
      return;
    }
    if (reason === 'logout' && lastUserId !== null) {
      const userId = lastUserId;
      void loadDb().then((db) => db.forgetUser(userId));
    }
    lastUserId = null;
  });
}
