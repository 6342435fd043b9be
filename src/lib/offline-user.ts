// Whose data the offline store reads and writes: the user named by the stored access token. The token
// is only decoded, never trusted — the server verifies it; here it just partitions this device's data.
import { session as appSession, type Session } from './session';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function decodeUserId(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const userId = Number((JSON.parse(decodeBase64Url(payload)) as { sub?: unknown }).sub);
    return Number.isInteger(userId) && userId > 0 ? userId : null;
  } catch {
    return null;
  }
}

// Every persisted query asks, so the last token's answer is kept.
let lastDecoded: { token: string | null; userId: number | null } = { token: null, userId: null };

/** The user id (`sub`) of a JWT access token, or null when it is not one. */
export function userIdOfAccessToken(token: string | null): number | null {
  if (token !== lastDecoded.token) lastDecoded = { token, userId: decodeUserId(token) };
  return lastDecoded.userId;
}

/** The id of the logged-in user, or null when nobody is. */
export function offlineUserId(session: Session = appSession): number | null {
  return userIdOfAccessToken(session.getAccessToken());
}
