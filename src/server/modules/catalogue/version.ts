import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from './query-rows.js';

/**
 * The catalogue's version: every seed and import bumps it, and whatever is cached from the catalogue
 * (filter options, counts) is keyed by it. It lives in the database, so every instance sees a bump.
 */
export async function readCatalogueVersion(db: Db): Promise<number> {
  const rows = await queryRows(db, sql`SELECT version FROM catalogue_state WHERE id = 1`);
  return rows.length === 0 ? 0 : Number(rows[0].version);
}

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
