// Saved searches in the database. Every write first locks the owner's user row, so two concurrent
// creates or renames of one user cannot both pass the limit or the unique-name check.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { savedSearches, users } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_MESSAGES,
  type SavedSearch,
  type SavedSearchKind,
  type SavedSearchQuery,
} from '../../../shared/saved-searches.js';
import { epochMicrosSql } from '../catalogue/added-order.js';

/** What the founder sets of a saved search. */
export type SavedSearchContent = Pick<SavedSearch, 'name' | 'kind' | 'query' | 'alert'>;

/** A saved search as read, with its last_seen_at as whole microseconds (the database's precision). */
export interface StoredSavedSearch extends SavedSearchContent {
  id: string;
  last_seen_at: Date;
  created_at: Date;
  seenMicros: number;
}

const t = savedSearches;

const columns = {
  id: t.id,
  name: t.name,
  kind: t.kind,
  query: t.query,
  alert: t.alert,
  last_seen_at: t.last_seen_at,
  created_at: t.created_at,
  seen_micros: sql<string>`${epochMicrosSql(t.last_seen_at)}`,
};

/** The catalogue version, read in the same statement as the saved searches it will count for. */
const catalogueVersion = sql<string>`(SELECT coalesce(max(version), 0) FROM catalogue_state WHERE id = 1)`;

type Read = { [K in keyof typeof columns]: unknown };

function stored(row: Read): StoredSavedSearch {
  const { seen_micros, ...rest } = row;
  return { ...(rest as Omit<StoredSavedSearch, 'seenMicros'>), seenMicros: Number(seen_micros) };
}

const NOT_FOUND = () => new HttpError(404, SAVED_SEARCH_MESSAGES.notFound);
export const ID_TAKEN = 'A saved search with this id already exists; create it under another id';

/** The user's saved searches, oldest first, with the catalogue version as of reading them. */
export async function savedSearchesOf(db: Db, userId: number): Promise<{ searches: StoredSavedSearch[]; version: number }> {
  const rows = await db
    .select({ ...columns, version: catalogueVersion })
    .from(t)
    .where(eq(t.user_id, userId))
    .orderBy(asc(t.created_at), asc(t.id));
  return { searches: rows.map(stored), version: rows.length === 0 ? 0 : Number(rows[0].version) };
}

/** The user's saved search; another user's is a 404, like one that does not exist. */
export async function ownedSavedSearch(db: Db, userId: number, id: string): Promise<StoredSavedSearch> {
  const [row] = await db
    .select(columns)
    .from(t)
    .where(and(eq(t.id, id), eq(t.user_id, userId)));
  if (!row) throw NOT_FOUND();
  return stored(row);
}

/** Holds the user's row until the transaction ends: their saved-search writes take turns. */
async function lockUser(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function assertNameFree(tx: Db, userId: number, kind: SavedSearchKind, name: string, except?: string) {
  const [clash] = await tx
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.user_id, userId),
        eq(t.kind, kind),
        sql`lower(${t.name}) = lower(${name})`,
        except === undefined ? undefined : ne(t.id, except),
      ),
    );
  if (clash) throw new HttpError(422, SAVED_SEARCH_MESSAGES.nameTaken);
}

/** JSON with every object's keys in order: two queries are the same search when these are equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, v]) => `${JSON.stringify(key)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function sameContent(a: SavedSearchContent, b: SavedSearchContent): boolean {
  return a.name === b.name && a.kind === b.kind && a.alert === b.alert && canonical(a.query) === canonical(b.query);
}

/**
 * Saves a search for the user; with an `id` the client chose, a repeat of the same create (same id, owner
 * and content) answers the saved search again instead. An id in use otherwise is a 409 that says no more.
 */
export async function createSavedSearch(
  db: Db,
  userId: number,
  content: SavedSearchContent,
  id: string | undefined,
): Promise<StoredSavedSearch> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (id !== undefined) {
      const [existing] = await tx
        .select({ ...columns, user_id: t.user_id })
        .from(t)
        .where(eq(t.id, id));
      if (existing) {
        if (existing.user_id === userId && sameContent(existing, content)) return stored(existing);
        throw new HttpError(409, ID_TAKEN);
      }
    }
    await assertNameFree(tx, userId, content.kind, content.name);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(t)
      .where(eq(t.user_id, userId));
    if (Number(count) >= MAX_SAVED_SEARCHES) throw new HttpError(422, SAVED_SEARCH_MESSAGES.tooMany);
    const [row] = await tx
      .insert(t)
      .values({ ...(id !== undefined && { id }), user_id: userId, ...content })
      .returning(columns);
    return stored(row);
  });
}

export async function updateSavedSearch(
  db: Db,
  userId: number,
  id: string,
  changes: Partial<Omit<SavedSearchContent, 'kind'>>,
  validQuery: (kind: SavedSearchKind, query: SavedSearchQuery) => SavedSearchQuery,
): Promise<StoredSavedSearch> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [current] = await tx
      .select({ kind: t.kind })
      .from(t)
      .where(and(eq(t.id, id), eq(t.user_id, userId)));
    if (!current) throw NOT_FOUND();
    if (changes.name !== undefined) await assertNameFree(tx, userId, current.kind, changes.name, id);
    const query = changes.query === undefined ? undefined : validQuery(current.kind, changes.query);
    const [row] = await tx
      .update(t)
      .set({ ...changes, ...(query !== undefined && { query }) })
      .where(eq(t.id, id))
      .returning(columns);
    return stored(row);
  });
}

export async function deleteSavedSearch(db: Db, userId: number, id: string): Promise<void> {
  const deleted = await db
    .delete(t)
    .where(and(eq(t.id, id), eq(t.user_id, userId)))
    .returning({ id: t.id });
  if (deleted.length === 0) throw NOT_FOUND();
}

/** Marks the user's saved search seen now (the database's clock); answers it with the catalogue version. */
export async function markSeen(db: Db, userId: number, id: string): Promise<{ search: StoredSavedSearch; version: number }> {
  const [row] = await db
    .update(t)
    .set({ last_seen_at: sql`now()` })
    .where(and(eq(t.id, id), eq(t.user_id, userId)))
    .returning({ ...columns, version: catalogueVersion });
  if (!row) throw NOT_FOUND();
  return { search: stored(row), version: Number(row.version) };
}
