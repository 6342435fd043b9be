// Decks and deck links (issue 47): a founder's PDFs, the links she sends to investors, and what each viewer read.
// Both sides read these; the viewer page (/d/TOKEN) reads only the public part.
import { API } from './api-paths.js';
import type { Person } from './teams.js';

/** The founder's calls (a bearer token). */
export const DECK_API = {
  /** GET Deck[]; POST a PDF (`Content-Type: application/pdf`, `?name=` and optionally `&file_name=`, the file's name; default NAME.pdf): 201 Deck. */
  decks: `${API}/decks`,
} as const;

/** GET Deck (with its versions), PATCH `{name}`, DELETE (its links answer 404 from then on). */
export const deckPath = (deckId: number) => `${DECK_API.decks}/${deckId}`;
/** POST a PDF (`Content-Type: application/pdf`, optionally `?file_name=`): 201 Deck, its new version the latest; the links keep showing the latest unless pinned. */
export const deckVersionsPath = (deckId: number) => `${deckPath(deckId)}/versions`;
/** GET DeckLink[]; POST DeckLinkCreate: 201 DeckLink. */
export const deckLinksPath = (deckId: number) => `${deckPath(deckId)}/links`;
/** PATCH DeckLinkPatch: 200 DeckLink. */
export const deckLinkPath = (linkId: number) => `${API}/deck-links/${linkId}`;
/** POST: the link answers 404 from then on. 200 DeckLink. */
export const deckLinkRevokePath = (linkId: number) => `${deckLinkPath(linkId)}/revoke`;
/** GET DeckLinkStats. */
export const deckLinkStatsPath = (linkId: number) => `${deckLinkPath(linkId)}/stats`;
/** GET DeckLink[] of one row of a list (a member of the list reads them; an editor or the owner makes them). */
export const rowDeckLinksPath = (listId: number, investorId: number) => `${API}/lists/${listId}/investors/${investorId}/deck-links`;

/** The public calls of the viewer (no log-in): the link's token is the credential, a view's key its second. */
export const deckPublicPath = (token: string) => `${API}/d/${encodeURIComponent(token)}`;
/** POST DeckViewCreate: 201 DeckViewStart. */
export const deckViewsPath = (token: string) => `${deckPublicPath(token)}/views`;
/** GET `?key=KEY` (and `&download=1` when the link allows it): the PDF, for that view only. */
export const deckViewFilePath = (token: string, viewId: number) => `${deckViewsPath(token)}/${viewId}/file`;
/** POST DeckBeacon (JSON, also as sendBeacon's text/plain): 204. */
export const deckViewBeaconPath = (token: string, viewId: number) => `${deckViewsPath(token)}/${viewId}/beacon`;

/** What a link's token can be (issued as 32 base64url characters): anything else is no link, asked of no one. */
export const isLinkToken = (token: string) => /^[A-Za-z0-9_-]{1,200}$/.test(token);

/** The token the viewer's page at `pathname` (/d/TOKEN) names, decoded; null when its percent-encoding does not decode. */
export function linkTokenInPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname.replace(/^\/d\//, '').replace(/\/$/, ''));
  } catch {
    return null;
  }
}

/** The page a link opens: outside the app's shell. */
export const deckViewerUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, '')}/d/${token}`;

export const DECK_LIMITS = {
  /** Bytes of one PDF (413 above, before the body is read when Content-Length says so). */
  bytes: 50 * 1024 * 1024,
  pages: 300,
  nameChars: 120,
  decksPerAccount: 50,
  versionsPerDeck: 50,
  linksPerDeck: 2000,
  /** How often the viewer reports the time read per page, and so the most one beacon may add per page. */
  beaconEveryMs: 10_000,
  /** What one beacon may carry beyond beaconEveryMs (a late timer, a slow network): the server refuses more (422). */
  beaconSlackMs: 5_000,
  /** Views of one link with no more than this between them are one visit. */
  visitGapMs: 10 * 60_000,
  /** "NAME opened your deck" at most once per link in this time. */
  openedMailEveryMs: 60 * 60_000,
  /** Entries of one beacon (pages read since the last one). */
  pagesPerBeacon: 300,
} as const;

export interface DeckVersion {
  id: number;
  /** 1, 2, … in the order uploaded. */
  version: number;
  file_name: string;
  bytes: number;
  page_count: number;
  created_at: string;
}

export interface Deck {
  id: number;
  name: string;
  /** The version links show unless pinned. */
  latest: DeckVersion;
  /** Newest first; GET /decks/{id} only (the list of decks leaves it out). */
  versions?: DeckVersion[];
  link_count: number;
  created_at: string;
  updated_at: string;
}

/** What a deck's readers did through a link, in sum. */
export interface DeckLinkSummary {
  visits: number;
  total_ms: number;
  last_visit_at: string | null;
  /** Distinct pages read for at least a second, of page_count. */
  pages_reached: number;
  page_count: number;
}

/** The row a link was made for; null for a general link. */
export interface DeckLinkRow {
  list_id: number;
  investor_id: number;
  investor_name: string;
}

export interface DeckLink {
  id: number;
  deck_id: number;
  deck_name: string;
  token: string;
  /** Its name (a general link's; a row's link is named by its investor). */
  name: string | null;
  row: DeckLinkRow | null;
  /** A pinned version's id, or null for the latest. */
  version_id: number | null;
  /** The version it shows now. */
  shows_version: number;
  require_email: boolean;
  /** Prefilled in the gate (a row's link: the investor's e-mail when known). */
  email: string | null;
  /** ISO time after which the link answers 410; null for never. */
  expires_at: string | null;
  allow_download: boolean;
  watermark: boolean;
  revoked_at: string | null;
  created_by: Person | null;
  created_at: string;
  summary: DeckLinkSummary;
}

export interface DeckLinkCreate {
  /** Required for a general link (no row); a row's link may have one. */
  name?: string;
  /** Both or neither: the row (an investor on a list she edits) the link is for. */
  list_id?: number;
  investor_id?: number;
  version_id?: number | null;
  require_email?: boolean;
  email?: string | null;
  expires_at?: string | null;
  allow_download?: boolean;
  watermark?: boolean;
}

export type DeckLinkPatch = Omit<DeckLinkCreate, 'list_id' | 'investor_id'>;

/** One visit: views of a link with less than DECK_LIMITS.visitGapMs between them. */
export interface DeckVisit {
  started_at: string;
  ended_at: string;
  /** The e-mail given at the gate; null when the link asks none. */
  email: string | null;
  total_ms: number;
  /** Pages in the order first read, each with its time in this visit. */
  pages: Array<{ page: number; ms: number }>;
}

export interface DeckLinkStats {
  link: DeckLink;
  /** ms read per page over every visit; index 0 is page 1, of the version shown now. */
  page_ms: number[];
  /** Newest first. */
  visits: DeckVisit[];
}

/** GET /api/v1/d/{token}: what the gate shows (404 unknown or revoked, 410 expired). Never the deck's bytes. */
export interface DeckLinkPublic {
  deck_name: string;
  page_count: number;
  require_email: boolean;
  email: string | null;
  allow_download: boolean;
  watermark: boolean;
}

export interface DeckViewCreate {
  /** Required when the link asks for one. */
  email?: string;
}

export interface DeckViewStart {
  view_id: number;
  /** The view's secret: the file and the beacons of this view only. */
  key: string;
  page_count: number;
  /** What to draw across each page (the e-mail and the date), or null. */
  watermark: string | null;
}

/** Time read per page since the last beacon of this view, with a number that grows by one each beacon. */
export interface DeckBeacon {
  key: string;
  seq: number;
  pages: Array<{ page: number; ms: number }>;
}

/** A row's deck line, on the row (pipeline.deck) and in row-changed events: the link read most lately. */
export interface RowDeck {
  link_id: number;
  last_visit_at: string;
  total_ms: number;
  pages_reached: number;
  page_count: number;
}
