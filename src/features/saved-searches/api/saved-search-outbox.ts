// What the saved-searches feature queues in the offline outbox (src/features/offline): a search saved,
// renamed or given another alert, deleted, or opened (seen). The client chooses a new search's id, so
// the changes queued after it address it before it lands; the outbox sends them in order. Until the
// server has them the sidebar shows them at once, marked pending.
import type { OutboxEntry, OutboxRow } from '@/features/offline';
import {
  SAVED_SEARCHES_PATH,
  savedSearchPath,
  savedSearchSeenPath,
  type SavedSearch,
  type SavedSearchChange,
  type SavedSearchInput,
} from '@/shared/saved-searches';

export const SAVED_SEARCH_CREATE = 'saved-search-create';
export const SAVED_SEARCH_CHANGE = 'saved-search-change';
export const SAVED_SEARCH_DELETE = 'saved-search-delete';
export const SAVED_SEARCH_SEEN = 'saved-search-seen';

const KINDS: readonly string[] = [SAVED_SEARCH_CREATE, SAVED_SEARCH_CHANGE, SAVED_SEARCH_DELETE, SAVED_SEARCH_SEEN];

export interface SavedSearchPayload {
  /** The saved search the change is about. */
  id: string;
  /** Its name when the change was made, to report a refusal by. */
  name: string;
  /** Tells this change's outcome from another's about the same search. */
  changeId: string;
}

export interface CreatePayload extends SavedSearchPayload {
  input: Required<SavedSearchInput>;
  /** ISO time it was saved on this device. */
  createdAt: string;
}

export interface ChangePayload extends SavedSearchPayload {
  change: SavedSearchChange;
}

export type SavedSearchOutboxRow = OutboxRow<SavedSearchPayload | CreatePayload | ChangePayload>;

const about = (saved: Pick<SavedSearch, 'id' | 'name'>): SavedSearchPayload => ({
  id: saved.id,
  name: saved.name,
  changeId: crypto.randomUUID(),
});

/** POST /api/v1/saved-searches with the id chosen here. */
export function createEntry(input: Required<SavedSearchInput>, now = new Date()): OutboxEntry<CreatePayload> {
  return {
    kind: SAVED_SEARCH_CREATE,
    request: { method: 'POST', path: SAVED_SEARCHES_PATH, body: input },
    payload: { ...about(input), input, createdAt: now.toISOString() },
  };
}

/** PATCH /api/v1/saved-searches/{id}: a new name or alert. */
export function changeEntry(saved: Pick<SavedSearch, 'id' | 'name'>, change: SavedSearchChange): OutboxEntry<ChangePayload> {
  return {
    kind: SAVED_SEARCH_CHANGE,
    request: { method: 'PATCH', path: savedSearchPath(saved.id), body: change },
    payload: { ...about(saved), change },
  };
}

/** DELETE /api/v1/saved-searches/{id}. */
export function deleteEntry(saved: Pick<SavedSearch, 'id' | 'name'>): OutboxEntry<SavedSearchPayload> {
  return { kind: SAVED_SEARCH_DELETE, request: { method: 'DELETE', path: savedSearchPath(saved.id) }, payload: about(saved) };
}

/** POST /api/v1/saved-searches/{id}/seen: opened now, so its count of new rows starts again from zero. */
export function seenEntry(saved: Pick<SavedSearch, 'id' | 'name'>): OutboxEntry<SavedSearchPayload> {
  return { kind: SAVED_SEARCH_SEEN, request: { method: 'POST', path: savedSearchSeenPath(saved.id) }, payload: about(saved) };
}

export const isSavedSearchRow = (row: OutboxRow): row is SavedSearchOutboxRow => KINDS.includes(row.kind);
const isCreate = (row: OutboxRow): row is OutboxRow<CreatePayload> => row.kind === SAVED_SEARCH_CREATE;
const isChange = (row: OutboxRow): row is OutboxRow<ChangePayload> => row.kind === SAVED_SEARCH_CHANGE;

/** A saved search as the sidebar shows it: `pending` while a change of it waits in the outbox. */
export type ShownSavedSearch = SavedSearch & { pending: boolean };

/**
 * The saved searches as the founder sees them: the server's, with the changes still in the outbox
 * laid over them in order — new ones added, new names and alerts shown, deleted ones gone, and those
 * opened counting nothing new.
 */
export function shownSavedSearches(saved: readonly SavedSearch[], outbox: readonly OutboxRow[]): ShownSavedSearch[] {
  const shown = new Map<string, ShownSavedSearch>(saved.map((search) => [search.id, { ...search, pending: false }]));
  for (const row of outbox) {
    if (!isSavedSearchRow(row)) continue;
    const { id } = row.payload;
    if (isCreate(row)) {
      const { input, createdAt } = row.payload;
      if (!shown.has(id)) shown.set(id, { ...input, new_count: 0, last_seen_at: createdAt, created_at: createdAt, pending: true });
      continue;
    }
    const current = shown.get(id);
    if (!current) continue;
    if (row.kind === SAVED_SEARCH_DELETE) shown.delete(id);
    else if (row.kind === SAVED_SEARCH_SEEN) shown.set(id, { ...current, new_count: 0 });
    else if (isChange(row)) shown.set(id, { ...current, ...row.payload.change, pending: true });
  }
  return [...shown.values()];
}
