// Saved searches (README, "Saved searches"): the wire contract, the limits and the messages both sides
// apply. The server validates a saved search's query like the search's own parameters; the client opens
// one by turning its query back into the catalogue page's URL.
import { API } from './api-paths.js';

export const SAVED_SEARCHES_PATH = `${API}/saved-searches`;
export const savedSearchPath = (id: string) => `${SAVED_SEARCHES_PATH}/${id}`;
/** GET: the rows added since the search was last seen that match it, paged like a search. */
export const savedSearchNewPath = (id: string) => `${savedSearchPath(id)}/new`;
/** POST: mark it seen now, so its new_count starts again from zero. */
export const savedSearchSeenPath = (id: string) => `${savedSearchPath(id)}/seen`;

export const SAVED_SEARCH_KINDS = ['investors', 'funds'] as const;
export type SavedSearchKind = (typeof SAVED_SEARCH_KINDS)[number];

export const SAVED_SEARCH_ALERTS = ['off', 'daily', 'weekly'] as const;
export type SavedSearchAlert = (typeof SAVED_SEARCH_ALERTS)[number];
export const DEFAULT_SAVED_SEARCH_ALERT: SavedSearchAlert = 'weekly';
export const SAVED_SEARCH_ALERT_LABELS: Record<SavedSearchAlert, string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' };

/**
 * A saved search's own keys: the search's query parameters without page and per_page (facet keys with
 * their values, search_term, sort, min_fit), as GET /api/v1/{kind}/search takes them. No sort means the
 * default order.
 */
export type SavedSearchQuery = Record<string, string | number | string[]>;

export interface SavedSearch {
  /** A UUID; the client may choose it on create, so a search created offline can be renamed before it lands. */
  id: string;
  name: string;
  kind: SavedSearchKind;
  query: SavedSearchQuery;
  alert: SavedSearchAlert;
  /** Rows added to the catalogue after last_seen_at that match the query. */
  new_count: number;
  last_seen_at: string;
  created_at: string;
}

/** POST /api/v1/saved-searches; `id` optional (a UUID). */
export interface SavedSearchInput {
  id?: string;
  name: string;
  kind: SavedSearchKind;
  query: SavedSearchQuery;
  alert?: SavedSearchAlert;
}

/** PATCH /api/v1/saved-searches/{id}: any of these. */
export interface SavedSearchChange {
  name?: string;
  query?: SavedSearchQuery;
  alert?: SavedSearchAlert;
}

export const SAVED_SEARCH_NAME_MAX = 100;
export const MAX_SAVED_SEARCHES = 100;
/** How many new rows an alert mail lists for each search before its "see them all" link. */
export const ALERT_ROWS_PER_SEARCH = 10;

export const SAVED_SEARCH_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`,
  nameTaken: 'You already have a saved search with this name',
  tooMany: `You can keep at most ${MAX_SAVED_SEARCHES} saved searches`,
  notFound: 'Saved search not found',
} as const;
