// Log Out ends the session on the server too (POST /auth/logout with the device's refresh token), so the
// tokens stop working everywhere, not only in this browser. Log Out never waits for it: the token is first
// noted in localStorage, and the note is cleared once the server has answered. Offline, or when the call
// fails on the network, the note stays and is sent at the next `online` event or the next start of the app.
import { API } from '@/shared/api-paths';

const PENDING_KEY = 'fundscape.pending_logouts';
/** Sessions logged out while the server was out of reach; beyond this many the oldest notes give way. */
const MAX_PENDING = 20;

function readPending(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(PENDING_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((token): token is string => typeof token === 'string') : [];
  } catch {
    return [];
  }
}

function writePending(tokens: string[]) {
  try {
    if (tokens.length === 0) window.localStorage.removeItem(PENDING_KEY);
    else window.localStorage.setItem(PENDING_KEY, JSON.stringify(tokens.slice(-MAX_PENDING)));
  } catch {
    // Without storage the note is lost: the session then ends when its refresh token expires.
  }
}

/** Whether the server has settled the log-out: it answered, and anything but a 5xx will not change on a retry. */
async function sendLogout(refreshToken: string): Promise<boolean> {
  try {
    const res = await fetch(`${API}/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
      // Sent even if the page is closed right after Log Out.
      keepalive: true,
    });
    return res.status < 500;
  } catch {
    return false;
  }
}

/** Sends the noted log-outs, one at a time, until one cannot be sent (it is tried again later). */
async function sendEachPending(): Promise<void> {
  const tried = new Set<string>();
  let token: string | undefined;
  while ((token = readPending().find((t) => !tried.has(t))) !== undefined) {
    tried.add(token);
    if (!(await sendLogout(token))) return;
    const sent = token;
    writePending(readPending().filter((t) => t !== sent));
  }
}

let queue: Promise<void> = Promise.resolve();

/** Sends the noted log-outs after any pass already under way, so a note made meanwhile is not missed. */
export function sendPendingLogouts(): Promise<void> {
  queue = queue.then(sendEachPending);
  return queue;
}

/** Ends the session of this refresh token on the server, now or as soon as the server can be reached. */
export function endSessionOnServer(refreshToken: string): void {
  writePending([...readPending().filter((t) => t !== refreshToken), refreshToken]);
  void sendPendingLogouts();
}

/** Sends what an earlier visit could not, now and whenever the browser is back online. */
export function retryPendingLogouts(): void {
  window.addEventListener('online', () => void sendPendingLogouts());
  void sendPendingLogouts();
}
