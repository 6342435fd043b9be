import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import type { OptionItem } from '../../../shared/api-types.js';
import { MISSING } from '../../../shared/vocabularies.js';
import type { Catalogue, Facet } from '../catalogue/catalogues.js';
import type { SearchIndex } from '../catalogue/facet-index.js';
import type { CatalogueSearch } from '../catalogue/search.js';
import { readCatalogueVersion } from '../catalogue/version.js';
import { VersionedCache } from '../catalogue/versioned-cache.js';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function sortedTextOptions(values: string[]): OptionItem[] {
  return values.sort(collator.compare).map((value) => ({ label: value, value }));
}

/** The options of one filter as the catalogue holds them now: values in use, buckets that hold rows. */
export async function computeFilterOptions(db: Db, catalogue: Catalogue, facet: Facet): Promise<OptionItem[]> {
  const { table } = catalogue;
  switch (facet.match) {
    case 'equals': {
      const rows = await queryRows(
        db,
        sql`SELECT DISTINCT ${facet.column} AS value FROM ${table} WHERE ${facet.column} NOT IN (${MISSING}, '')`,
      );
      return sortedTextOptions(rows.map((r) => String(r.value)));
    }
    case 'overlaps': {
      const rows = await queryRows(
        db,
        sql`SELECT DISTINCT v AS value FROM ${table}, unnest(${facet.column}) AS v WHERE v NOT IN (${MISSING}, '')`,
      );
      return sortedTextOptions(rows.map((r) => String(r.value)));
    }
    case 'range': {
      // width_bucket counts the lower edges at or below the value: 1 is the first bucket.
      const edges = facet.ladder.map((b) => b.lo);
      const rows = await queryRows(
        db,
        sql`SELECT DISTINCT width_bucket(${facet.column}::float8, ${sql.param(edges)}::float8[]) AS b
            FROM ${table} WHERE ${facet.column} IS NOT NULL`,
      );
      const used = new Set(rows.map((r) => Number(r.b)));
      return facet.ladder.filter((_, i) => used.has(i + 1)).map(({ label, value }) => ({ label, value }));
    }
  }
}

/** The same options read from a facet index of the current version: no scan of the table. */
export function filterOptionsFromIndex(index: SearchIndex, facet: Facet): OptionItem[] {
  if (facet.match === 'range') {
    const used = index.bucketsInUse(facet);
    return facet.ladder.filter((_, i) => used[i]).map(({ label, value }) => ({ label, value }));
  }
  return sortedTextOptions(index.valuesInUse(facet).filter((v) => v !== MISSING && v !== ''));
}

/**
 * Filter options per catalogue version: computed on first ask (from the facet index when it is
 * current, else by SQL) and kept until the next seed or import.
 */
export class FilterOptions {
  private readonly cache = new VersionedCache<OptionItem[]>(64);

  constructor(private readonly db: Db) {}

  async get(search: CatalogueSearch, facet: Facet): Promise<OptionItem[]> {
    const version = await readCatalogueVersion(this.db);
    return this.cache.get(version, `${search.catalogue.name}:${facet.searchKey}`, async () => {
      const index = await search.indexAt(version);
      return index?.version === version ? filterOptionsFromIndex(index, facet) : computeFilterOptions(this.db, search.catalogue, facet);
    });
  }
}
