import type { Db } from '../../db/client.js';
import type { Catalogue } from './catalogues.js';
import { FacetIndex } from './facet-index.js';
import { queryRows } from './query-rows.js';
import {
  byIdSql,
  byIdsSql,
  countSql,
  filterKey,
  lowerSql,
  pageSql,
  pageWindow,
  type SearchFilter,
} from './search-sql.js';
import { readCatalogueVersion } from './version.js';
import { VersionedCache } from './versioned-cache.js';
import { toWire, type WireRow } from './wire.js';

export interface SearchResult {
  results: WireRow[];
  total_pages: number;
  total: number;
}

export interface CatalogueSearchOptions {
  /** Answer searches from the in-memory facet index once it is built (default true). */
  facetIndex?: boolean;
  /** Where a failed background build of the facet index is reported. */
  onIndexError?: (error: unknown) => void;
}

/**
 * Searches one catalogue. The exact count behind total_pages is the costly part of a search:
 * - a search is counted (and paged) by the facet index of the current catalogue version, its term
 *   matched against the search text held in the index;
 * - a search made while the index is being (re)built runs SQL, and its count is cached per filter for
 *   the current catalogue version, so it is correct until the next seed or import.
 */
export class CatalogueSearch {
  private readonly counts = new VersionedCache<number>(2000);
  private index: FacetIndex | null = null;
  private building: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    readonly catalogue: Catalogue,
    private readonly options: CatalogueSearchOptions = {},
  ) {}

  /** The index of this version, or null while there is none; a stale one starts a rebuild behind the scenes. */
  facetIndex(version: number): FacetIndex | null {
    if (this.options.facetIndex === false) return null;
    if (this.index?.version === version) return this.index;
    this.build().catch((error: unknown) => this.options.onIndexError?.(error));
    return null;
  }

  /** One build at a time: a caller arriving during a build waits for that one. */
  private build(): Promise<void> {
    this.building ??= this.rebuild().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  /** Settles once no background build is running. */
  async idle(): Promise<void> {
    await this.building?.catch(() => {});
  }

  private async rebuild() {
    const built = await FacetIndex.build(this.db, this.catalogue);
    if (built && (!this.index || built.version > this.index.version)) this.index = built;
  }

  /**
   * Builds the facet index for the catalogue as it is now (at start, and in tests). A catalogue that
   * keeps changing (a long seed) is left to the on-demand rebuilds after a few tries.
   */
  async warmUp(): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const version = await readCatalogueVersion(this.db);
      if (this.index?.version === version) return true;
      await this.build();
    }
    return false;
  }

  private async sqlCount(version: number, filter: SearchFilter): Promise<number> {
    return this.counts.get(version, filterKey(filter), async () => {
      const rows = await queryRows(this.db, countSql(this.catalogue, filter));
      return Number(rows[0].total);
    });
  }

  async search(filter: SearchFilter, page: number, perPage: number): Promise<SearchResult> {
    const version = await readCatalogueVersion(this.db);
    const index = this.facetIndex(version);
    let total: number;
    let rows: WireRow[] = [];
    if (index) {
      const needle =
        filter.term === undefined ? undefined : String((await queryRows(this.db, lowerSql(filter.term)))[0].needle);
      const match = index.match(filter, (page - 1) * perPage, perPage, needle);
      total = match.total;
      if (match.ids.length > 0) rows = await queryRows(this.db, byIdsSql(this.catalogue, match.ids));
    } else {
      total = await this.sqlCount(version, filter);
      const window = pageWindow(total, page, perPage);
      if (window) {
        rows = await queryRows(this.db, pageSql(this.catalogue, filter, window));
        if (window.fromEnd) rows.reverse();
      }
    }
    return {
      results: rows.map((row) => toWire(this.catalogue, row)),
      total_pages: Math.ceil(total / perPage),
      total,
    };
  }

  async byId(id: number): Promise<WireRow | undefined> {
    const rows = await queryRows(this.db, byIdSql(this.catalogue, id));
    return rows.length === 0 ? undefined : toWire(this.catalogue, rows[0]);
  }
}
