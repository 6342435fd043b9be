import type { Db } from '../../db/client.js';
import type { Catalogue } from './catalogues.js';
import { CaseFold } from './case-fold.js';
import { FacetIndex } from './facet-index.js';
import { PreparedRows, queryRows, type Row } from '../../db/query-rows.js';
import {
  byIdSql,
  byIdsWithVersionSql,
  countSql,
  filterKey,
  lowerSql,
  pageSql,
  pageWindow,
  type SearchFilter,
  VERSION_COLUMN,
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
 * - a search is counted (and paged) by the newest facet index, its term folded as the database folds
 *   case (CaseFold) and matched against the search text held in the index. The page's rows are then
 *   read together with the catalogue version, in one statement: one round trip per search, and the
 *   version proves the index current for the very snapshot the rows come from;
 * - when that version is newer than the index (a change committed since it was built), while the
 *   index is being (re)built, and for a term of many words the index leaves to SQL, the search runs SQL, and its count is cached per filter for the current
 *   catalogue version, so it is correct until the next seed or import.
 */
export class CatalogueSearch {
  private readonly counts = new VersionedCache<number>(2000);
  private index: FacetIndex | null = null;
  /** The newest catalogue version a search has seen: an index older than it is not used. */
  private newestSeen = 0;
  private building: Promise<void> | null = null;
  /** How the database lower-cases, learned with the first index build (null: ask it each time). */
  private fold: CaseFold | null = null;
  private foldLearned = false;
  private readonly pageByIds: PreparedRows;

  constructor(
    private readonly db: Db,
    readonly catalogue: Catalogue,
    private readonly options: CatalogueSearchOptions = {},
  ) {
    this.pageByIds = new PreparedRows(`${catalogue.name}_page_by_ids`, byIdsWithVersionSql(catalogue));
  }

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
    if (!this.foldLearned) {
      this.fold = await CaseFold.learn(this.db);
      this.foldLearned = true;
    }
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

  /** The term as the database's lower() folds it, in memory when the fold is known. */
  private async needle(term: string): Promise<string> {
    return this.fold?.lower(term) ?? String((await queryRows(this.db, lowerSql(term)))[0].needle);
  }

  async search(filter: SearchFilter, page: number, perPage: number): Promise<SearchResult> {
    const index = this.options.facetIndex === false ? null : this.index;
    if (index && index.version >= this.newestSeen) {
      const needle = filter.term === undefined ? undefined : await this.needle(filter.term);
      const match = index.match(filter, (page - 1) * perPage, perPage, needle);
      if (match === null) return this.sqlSearch(await readCatalogueVersion(this.db), filter, page, perPage);
      const rows = await this.pageByIds.run(this.db, { ids: match.ids });
      const version = Number(rows[0][VERSION_COLUMN]);
      if (version === index.version) {
        // Each row carries the version; a page with no rows is the one row holding only it.
        const found = rows.filter((row) => row.id !== null).map(({ [VERSION_COLUMN]: _version, ...row }) => row);
        return this.answer(found, match.total, perPage);
      }
      // Changed since the index was built: answered by SQL until the rebuild is done.
      return this.sqlSearch(version, filter, page, perPage);
    }
    return this.sqlSearch(await readCatalogueVersion(this.db), filter, page, perPage);
  }

  private async sqlSearch(version: number, filter: SearchFilter, page: number, perPage: number) {
    this.newestSeen = Math.max(this.newestSeen, version);
    // Starts a (re)build behind the scenes when the index is missing or stale.
    this.facetIndex(version);
    const total = await this.sqlCount(version, filter);
    const window = pageWindow(total, page, perPage);
    let rows: Row[] = [];
    if (window) {
      rows = await queryRows(this.db, pageSql(this.catalogue, filter, window));
      if (window.fromEnd) rows.reverse();
    }
    return this.answer(rows, total, perPage);
  }

  private answer(rows: Row[], total: number, perPage: number): SearchResult {
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
