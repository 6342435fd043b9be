// The viewer's calls: the public part of the decks API (src/shared/decks.ts), with fetch (no session, no app data).
import {
  deckPublicPath,
  deckViewBeaconPath,
  deckViewFilePath,
  deckViewsPath,
  type DeckBeacon,
  type DeckLinkPublic,
  type DeckViewStart,
} from '@/shared/decks';

/** Why a link shows no deck: unknown or revoked (404), expired (410), or anything else. */
export type LinkProblem = 'gone' | 'expired' | 'failed';

export class LinkError extends Error {
  constructor(
    readonly problem: LinkProblem,
    readonly detail: string | null,
  ) {
    super(detail ?? problem);
  }
}

async function answer<T>(response: Response): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  const detail = await response
    .json()
    .then((body: { detail?: unknown }) => (typeof body.detail === 'string' ? body.detail : null))
    .catch(() => null);
  const problem: LinkProblem = response.status === 404 ? 'gone' : response.status === 410 ? 'expired' : 'failed';
  throw new LinkError(problem, detail);
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

export async function readLink(token: string): Promise<DeckLinkPublic> {
  return answer(await fetch(deckPublicPath(token), { credentials: 'omit' }));
}

export async function startView(token: string, email: string | null): Promise<DeckViewStart> {
  const body = JSON.stringify(email === null ? {} : { email });
  return answer(await fetch(deckViewsPath(token), { method: 'POST', headers: JSON_HEADERS, body, credentials: 'omit' }));
}

export const fileUrl = (token: string, view: DeckViewStart, download = false) =>
  `${deckViewFilePath(token, view.view_id)}?key=${encodeURIComponent(view.key)}${download ? '&download=1' : ''}`;

/**
 * Sends the time read. While the page stays, a keepalive fetch; as it is hidden or closed, sendBeacon, which the
 * browser delivers after the page is gone (as text/plain: a beacon's JSON content type would need a preflight).
 */
export function sendReadingTime(token: string, viewId: number, beacon: DeckBeacon, leaving: boolean): void {
  const url = deckViewBeaconPath(token, viewId);
  const body = JSON.stringify(beacon);
  if (leaving && navigator.sendBeacon?.(url, new Blob([body], { type: 'text/plain' }))) return;
  void fetch(url, { method: 'POST', headers: JSON_HEADERS, body, keepalive: true, credentials: 'omit' }).catch(() => undefined);
}
