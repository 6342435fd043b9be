// The catalogue rows changed since a version, read from the log the database's triggers write
// (catalogue_changes, migration 0010), each as it is now: what a search index applies to catch up.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows, type Row } from '../../db/query-rows.js';
import type { Catalogue } from './catalogues.js';
import { indexRowSelect } from './facet-index.js';

export interface CatalogueChanges {
  /** The catalogue's version the rows were read at. */
  version: number;
  /** Each row changed after `since`, by id: as it is at `version` (indexRowSelect), or null when deleted. */
  rows: Map<number, Row | null>;
}

/**
 * The rows of `catalogue` changed after version `since`, read in one statement (one snapshot, so they
 * are exactly those of the version read with them); null when more than `most` changed, or when the log
 * no longer holds every change since (a TRUNCATE, or changes pruned): the index is then built anew.
 */
export async function readChanges(db: Db, catalogue: Catalogue, since: number, most: number): Promise<CatalogueChanges | null> {
  const rows = await queryRows(
    db,
    sql`
    WITH state AS (SELECT version, changes_from FROM catalogue_state WHERE id = 1),
    changed AS (
      SELECT DISTINCT c.row_id FROM catalogue_changes c, state
      WHERE c.catalogue = ${catalogue.name} AND c.version > ${since} AND c.version <= state.version
      LIMIT ${most + 1}
    )
    SELECT state.version AS state_version, state.changes_from AS state_changes_from, changed.row_id AS changed_id,
      ${indexRowSelect(catalogue)}
    FROM state
    LEFT JOIN changed ON true
    LEFT JOIN ${catalogue.table} ON ${catalogue.id} = changed.row_id`,
  );
  // No state row: the catalogue was never changed.
  if (rows.length === 0) return since === 0 ? { version: 0, rows: new Map() } : null;
  if (Number(rows[0].state_changes_from) > since) return null;
  const changed = new Map<number, Row | null>();
  for (const { state_version: _version, state_changes_from: _from, changed_id, ...row } of rows) {
    if (changed_id !== null) changed.set(Number(changed_id), row.id === null ? null : row);
  }
  if (changed.size > most) return null;
  return { version: Number(rows[0].state_version), rows: changed };
}

/**
 * Forgets the changes of versions up to `upTo` (an index built at that version no longer needs them)
 * written more than `keepMs` ago, so another instance whose index is a little older can still catch up.
 * An index older than what is forgotten is built anew (readChanges answers null for it).
 */
export async function pruneChanges(db: Db, upTo: number, keepMs: number): Promise<void> {
  await queryRows(
    db,
    sql`
    WITH gone AS (
      DELETE FROM catalogue_changes
      WHERE version <= ${upTo} AND changed_at < now() - ${keepMs} * interval '1 millisecond'
      RETURNING version
    )
    UPDATE catalogue_state SET changes_from = greatest(changes_from, (SELECT max(version) FROM gone))
    WHERE id = 1 AND EXISTS (SELECT 1 FROM gone)`,
  );
}
