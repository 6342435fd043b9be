import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

/**
 * The catalogue's version: the database bumps it for every statement that changes investors or funds
 * (triggers, migration 0003), whoever runs it — the app, a seed, an import, psql. Whatever is cached
 * from the catalogue (filter options, counts, the search index) is keyed by it, and every search reads
 * it, so each instance sees a change with its next search.
 */
export async function readCatalogueVersion(db: Db): Promise<number> {
  const rows = await queryRows(db, sql`SELECT version FROM catalogue_state WHERE id = 1`);
  return rows.length === 0 ? 0 : Number(rows[0].version);
}

/** A new version without a changed row: forces every cache to recompute (the triggers do it on changes). */
export async function bumpCatalogueVersion(db: Db): Promise<number> {
  const rows = await queryRows(
    db,
    sql`
    INSERT INTO catalogue_state (id, version) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET version = catalogue_state.version + 1, updated_at = now()
    RETURNING version`,
  );
  return Number(rows[0].version);
}
