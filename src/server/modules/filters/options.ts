import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../catalogue/query-rows.js';
import type { OptionItem } from '../../../shared/api-types.js';
import { MISSING } from '../../../shared/vocabularies.js';
import type { Catalogue, Facet } from '../catalogue/catalogues.js';
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
      const rows = await queryRows(db, 
        sql`SELECT DISTINCT ${facet.column} AS value FROM ${table} WHERE ${facet.column} NOT IN (${MISSING}, '')`,
      );
      return sortedTextOptions(rows.map((r) => String(r.value)));
    }
    case 'overlaps': {
      const rows = await queryRows(db, 
        sql`SELECT DISTINCT v AS value FROM ${table}, unnest(${facet.column}) AS v WHERE v NOT IN (${MISSING}, '')`,
      );
      return sortedTextOptions(rows.map((r) => String(r.value)));
    }
    case 'range': {
      // width_bucket counts the lower edges at or below the value: 1 is the first bucket.
      const edges = facet.ladder.map((b) => b.lo);
      const rows = await queryRows(db, 
        sql`SELECT DISTINCT width_bucket(${facet.column}::float8, ${sql.param(edges)}::float8[]) AS b
            FROM ${table} WHERE ${facet.column} IS NOT NULL`,
      );
      const used = new Set(rows.map((r) => Number(r.b)));
      return facet.ladder.filter((_, i) => used.has(i + 1)).map(({ label, value }) => ({ label, value }));
    }
  }
}

/** Filter options per catalogue version: computed on first ask, kept until the next seed or import. */
export class FilterOptions {
  private readonly cache = new VersionedCache<OptionItem[]>(64);

  constructor(private readonly db: Db) {}

  async get(catalogue: Catalogue, facet: Facet): Promise<OptionItem[]> {
    const version = await readCatalogueVersion(this.db);
    return this.cache.get(version, `${catalogue.name}:${facet.searchKey}`, () =>
      computeFilterOptions(this.db, catalogue, facet),
    );
  }
}
