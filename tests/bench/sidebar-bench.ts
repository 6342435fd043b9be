// The saved searches' sidebar call for bench:api: GET /api/v1/saved-searches for a founder with 100 saved
// searches, each counting the rows added since it was last seen that match it (README, "Saved searches").
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { compileFitProfile, type CompleteStartupProfile } from '../../src/shared/fit.js';
import { MAX_SAVED_SEARCHES, type SavedSearch } from '../../src/shared/saved-searches.js';
import { CatalogueSearch } from '../../src/server/modules/catalogue/search.js';
import type { Catalogue } from '../../src/server/modules/catalogue/catalogues.js';
import { CATALOGUES, savedSearchFilter } from '../../src/server/modules/saved-searches/saved-query.js';
import { readCatalogueVersion } from '../../src/server/modules/catalogue/version.js';
import type { Query } from '../helpers/catalogue.js';

/** How many of the newest rows of each catalogue are new to the oldest-seen saved searches. */
const NEWEST = { investors: 10_000, funds: 1_000 };
/** Each saved search is seen just before about this many of the newest rows, in turn. */
const NEW_SINCE = [0, 10, 100, 1_000, 10_000];

/**
 * Gives the newest rows of a catalogue an added time, a millisecond apart, when fewer have one (a
 * database seeded before rows had one): so some rows are new to a saved search seen a while ago.
 */
export async function ensureNewRows(db: Db): Promise<void> {
  for (const [table, count] of Object.entries(NEWEST)) {
    const [{ known }] = await queryRows(db, sql`SELECT count(added_at)::int AS known FROM ${sql.identifier(table)}`);
    if (Number(known) >= count) continue;
    process.stdout.write(`  giving the newest ${count.toLocaleString('en-US')} ${table} an added time\n`);
    await db.execute(sql`
      UPDATE ${sql.identifier(table)} SET added_at = now() - (last.id - ${sql.identifier(table)}.id) * interval '1 millisecond'
      FROM (SELECT max(id) AS id FROM ${sql.identifier(table)}) AS last
      WHERE ${sql.identifier(table)}.id > last.id - ${count}`);
  }
}

/**
 * The user's 100 saved searches: the benchmark's searches in turn (their own keys), each last seen just
 * before about 0, 10, 100, 1,000 or 10,000 of its catalogue's newest rows.
 */
export async function saveSearches(db: Db, userId: number, queries: Array<{ name: string; catalogue: Catalogue; query: Query }>) {
  for (let k = 0; k < MAX_SAVED_SEARCHES; k++) {
    const { name, catalogue, query } = queries[k % queries.length];
    const newRows = Math.min(NEW_SINCE[k % NEW_SINCE.length], NEWEST[catalogue.name]);
    await db.execute(sql`
      INSERT INTO saved_searches (user_id, name, kind, query, last_seen_at)
      SELECT ${userId}, ${`${name} #${k}`}, ${catalogue.name}, ${JSON.stringify(query)}::jsonb,
        coalesce((SELECT added_at FROM ${sql.identifier(catalogue.name)} WHERE added_at IS NOT NULL
                  ORDER BY added_at DESC, id DESC OFFSET ${newRows} LIMIT 1), 'epoch')`);
  }
}

/** Each saved search's new rows counted in SQL (what the call does while the index is stale), and how long that took. */
export async function countsInSql(db: Db, searches: SavedSearch[], profile: CompleteStartupProfile) {
  const version = await readCatalogueVersion(db);
  const fits = compileFitProfile(profile);
  const bySql = { investors: new CatalogueSearch(db, CATALOGUES.investors, { facetIndex: false }), funds: new CatalogueSearch(db, CATALOGUES.funds, { facetIndex: false }) };
  const seen = await queryRows(db, sql`SELECT id, (extract(epoch FROM last_seen_at) * 1000000)::bigint AS seen FROM saved_searches`);
  const seenOf = new Map(seen.map((row) => [String(row.id), Number(row.seen)]));
  const started = performance.now();
  const counts = await Promise.all(
    searches.map((search) => {
      const { filter, fit } = savedSearchFilter(search.kind, search.query, { after: seenOf.get(search.id)! }, fits);
      return bySql[search.kind].count(version, filter, fit);
    }),
  );
  return { counts, ms: performance.now() - started };
}
