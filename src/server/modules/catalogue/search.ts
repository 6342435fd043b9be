import type { Db } from '../../db/client.js';
import type { Catalogue } from './catalogues.js';
import { CaseFold } from './case-fold.js';
import { FacetIndex, type FitQuery, type SearchIndex } from './facet-index.js';
import { LayeredIndex } from './layered-index.js';
import { pruneChanges, readChanges } from './catalogue-changes.js';
import { wordsFor } from './bitset.js';
import { type FitProfile, fitFactsOf, fitOf, fitScore } from '../../../shared/fit.js';
import type { Scored } from '../../../shared/api-types.js';
import { PreparedRows, queryRows, type Row } from '../../db/query-rows.js';
import {
  byIdSql,
  byIdsWithVersionSql,
  fitRowsSql,
  countSql,
  filterKey,
  lowerSql,
  pageSql,
  pageWindow,
  type SearchFilter,
} from './search-sql.js';
import { readCatalogueVersion } from './version.js';
import { VersionedCache } from './versioned-cache.js';
import { fillMissing, type WireRow } from './wire.js';

export interface SearchResult {
  results: Scored<WireRow>[];
  total_pages: number;
  total: number;
}

/**
 * How long the catalogue's version must stay unchanged before a rebuild starts. A writer in batches
 * commits one every few hundred ms (a seed's 2,000 rows: 0.3–0.4 s apart, up to 1.1 s on a loaded
 * two-core machine), so a second without a change means it has paused or finished. Waiting too little
 * costs a whole build thrown away by the next batch (~10 s of reading at a million rows); waiting too
 * long only keeps searches in SQL a little longer after the last change, next to that build time.
 */
export const QUIET_MS = 1000;

/**
 * Rows changed since the index was built that it applies (a delta of its own, rebuilt per version: some
 * milliseconds per thousand rows); beyond, searches go to SQL until a full build, which is for what a seed
 * or a large import does.
 */
export const MOST_CHANGES = 20_000;
/** Changed rows from which a full build is started (once the catalogue is quiet), the delta answering meanwhile. */
export const COMPACT_AT = 5_000;
/** How long changes a build no longer needs are kept for another instance's index to catch up with. */
const KEEP_CHANGES_MS = 15 * 60_000;

export interface CatalogueSearchOptions {
  /** Answer searches from the in-memory facet index once it is built (default true). */
  facetIndex?: boolean;
  /** Where a failed background build of the facet index is reported. */
  onIndexError?: (error: unknown) => void;
  /** MOST_CHANGES and COMPACT_AT (tests set smaller ones). */
  mostChanges?: number;
  compactAt?: number;
}

/**
 * Searches one catalogue. The exact count behind total_pages is the costly part of a search:
 * - a search is counted (and paged) by the facet index of the newest version, its term folded as the
 *   database folds case (CaseFold) and matched against the search text held in the index. The page's
 *   rows are then read together with the catalogue version, in one statement: one round trip per search,
 *   and the version proves the index current for the very snapshot the rows come from;
 * - a change (a version the page read newer than the index) is applied to the index: the rows it changed
 *   are read (catalogue-changes.ts) and held in a small index beside the one built at start
 *   (LayeredIndex), and the search is matched again. A full build runs at start, and again only once many
 *   rows have changed, the layered index answering meanwhile;
 * - while there is no index (before the first build, or after a change too large to apply), and for a
 *   term of many words the index leaves to SQL, the search runs SQL, and its count is cached per filter
 *   for the current catalogue version.
 */
export class CatalogueSearch {
  /** Exact counts of this catalogue version, by filter (and fit): a search's in SQL, a saved search's new rows. */
  private readonly counts = new VersionedCache<number>(5000);
  /** The index of the last full build. */
  private base: FacetIndex | null = null;
  /** What searches use: the base, or the base with the rows changed since applied. */
  private current: SearchIndex | null = null;
  /** The rows changed since the base was built, by id (null: deleted), and their positions in the base. */
  private changes = new Map<number, Row | null>();
  private changedPositions: Uint32Array | null = null;
  /** Applying the changes of a newer version to the index (one at a time). */
  private catchingUp: Promise<void> | null = null;
  /** The changes since the base are too many to apply (or no longer logged): SQL answers until a full build. */
  private behind = false;
  /** The newest catalogue version a search has seen: an index older than it is not used. */
  private newestSeen = 0;
  /** The build running now, and the one waiting for it to end and for a quiet catalogue (at most one each). */
  private running: Promise<void> | null = null;
  private waiting: Promise<void> | null = null;
  /** Set by stop(): no build is started any more, and a waiting one gives up. */
  private stopped = false;
  /** Ends the waiting build's pause early (stop()). */
  private wake: (() => void) | null = null;
  /**
   * Builds started, those the catalogue outran (it changed during the read, so the build was dropped), and
   * the times the changes of a newer version were applied instead.
   */
  readonly builds = { started: 0, outran: 0, caughtUp: 0 };
  /** How the database lower-cases, learned with the first index build (null: ask it each time). */
  private fold: CaseFold | null = null;
  private foldLearned = false;
  private readonly pageByIds: PreparedRows;

  constructor(
    private readonly db: Db,
    readonly catalogue: Catalogue,
    private readonly options: CatalogueSearchOptions = {},
  ) {
    this.pageByIds = new PreparedRows(`${catalogue.name}_page_by_ids`, byIdsWithVersionSql(catalogue), { pglite: 'prepared' });
  }

  /** The index of the last full build (what it holds, for the benchmarks). */
  get builtIndex(): FacetIndex | null {
    return this.base;
  }

  /** The index of this version, or null; a stale one is brought up to date behind the scenes. */
  facetIndex(version: number): SearchIndex | null {
    if (this.options.facetIndex === false) return null;
    if (this.current?.version === version) return this.current;
    this.indexAt(version).catch((error: unknown) => this.options.onIndexError?.(error));
    return null;
  }

  /**
   * The index of `version` or a newer one: the current index, else the current one with the rows changed
   * since applied. Null while there is none (a build is then asked for) or the changes are too many.
   */
  async indexAt(version: number): Promise<SearchIndex | null> {
    if (this.options.facetIndex === false) return null;
    for (let tries = 0; tries < 3; tries++) {
      const current = this.current;
      if (!current) {
        this.scheduleBuild();
        return null;
      }
      if (current.version >= version) return current;
      if (this.behind) return null;
      this.catchingUp ??= this.catchUp().finally(() => {
        this.catchingUp = null;
      });
      await this.catchingUp;
    }
    return null;
  }

  /** Applies the rows changed since the current index's version: a new delta beside the base. */
  private async catchUp(): Promise<void> {
    const base = this.base!;
    const from = this.current!;
    const most = this.options.mostChanges ?? MOST_CHANGES;
    const read = await readChanges(this.db, this.catalogue, from.version, most);
    if (this.base !== base || (read && read.version <= from.version)) return;
    const rows = new Map(this.changes);
    for (const [id, row] of read?.rows ?? []) rows.set(id, row);
    if (!read || rows.size > most) {
      this.behind = true;
      this.scheduleBuild();
      return;
    }
    const changed = this.changedPositions?.slice() ?? new Uint32Array(wordsFor(base.size));
    for (const id of read.rows.keys()) {
      const position = base.positionOf(id);
      if (position >= 0) changed[position >>> 5] |= 1 << (position & 31);
    }
    const present = [...rows].filter((entry): entry is [number, Row] => entry[1] !== null).sort((a, b) => a[0] - b[0]);
    const delta = await FacetIndex.of(this.catalogue, read.version, present.map(([, row]) => row));
    // A full build that ended meanwhile holds these changes already.
    if (this.base !== base) return;
    this.changes = rows;
    this.changedPositions = changed;
    this.current = new LayeredIndex(read.version, base, delta, changed);
    this.builds.caughtUp++;
    if (rows.size >= (this.options.compactAt ?? COMPACT_AT)) this.scheduleBuild();
  }

  /**
   * Asks for a rebuild once the catalogue is quiet. Every change makes the index stale, and a build the
   * catalogue changes under is dropped (FacetIndex.build), so during a write storm (an import in batches)
   * a build per change would read the whole table over and over and never be used. Instead at most one
   * build runs and at most one waits: for the running one to end, then for the version to stay unchanged
   * for QUIET_MS; whoever asks meanwhile joins the waiting one, and searches are answered by SQL. A waiting
   * build that finds the index already current does nothing.
   */
  private scheduleBuild(): void {
    if (this.waiting || this.stopped) return;
    this.waiting = (async () => {
      try {
        await this.running?.catch(() => {});
        const version = await this.quietVersion();
        if (version === null || this.base?.version === version) return;
      } finally {
        this.waiting = null;
      }
      // In the same turn as clearing `waiting`: a caller asking from now on waits for this build.
      await this.buildNow();
    })();
    this.waiting.catch((error: unknown) => this.options.onIndexError?.(error));
  }

  /** The catalogue's version once it has stayed unchanged for QUIET_MS; null when stopped meanwhile. */
  private async quietVersion(): Promise<number | null> {
    if (this.stopped) return null;
    let version = await readCatalogueVersion(this.db);
    for (;;) {
      if (!(await this.pause(QUIET_MS))) return null;
      const now = await readCatalogueVersion(this.db);
      if (now === version) return version;
      version = now;
    }
  }

  /** Waits `ms`: true, or false when stop() ends the wait. */
  private pause(ms: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve(true);
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve(false);
      };
    });
  }

  /** Starts a build now, or joins the one running: never two at once. */
  private buildNow(): Promise<void> {
    this.running ??= this.rebuild().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Settles once no build is running or waiting (a waiting one first waits for the catalogue to be quiet)
   * and no change is being applied.
   */
  async idle(): Promise<void> {
    while (this.running || this.waiting || this.catchingUp) {
      await Promise.all([this.running?.catch(() => {}), this.waiting?.catch(() => {}), this.catchingUp?.catch(() => {})]);
    }
  }

  /** Before the database closes: the waiting build gives up, and this settles once the running one ends. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.idle();
  }

  private async rebuild() {
    this.builds.started++;
    if (!this.foldLearned) {
      this.fold = await CaseFold.learn(this.db);
      this.foldLearned = true;
    }
    const built = await FacetIndex.build(this.db, this.catalogue);
    if (built && (!this.base || built.version > this.base.version)) {
      this.base = built;
      this.current = built;
      this.changes = new Map();
      this.changedPositions = null;
      this.behind = false;
      await pruneChanges(this.db, built.version, KEEP_CHANGES_MS);
    }
    if (!built) {
      // The catalogue changed during the read: one more build, once it is quiet again.
      this.builds.outran++;
      this.scheduleBuild();
    }
  }

  /**
   * Builds the facet index for the catalogue as it is now, without waiting for it to be quiet (at start,
   * and in tests); joins a build already running. A catalogue that keeps changing (a long seed) is left
   * to the rebuild that then waits for it to be quiet, after a few tries.
   */
  async warmUp(): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const version = await readCatalogueVersion(this.db);
      if (this.base?.version === version) return true;
      await this.buildNow();
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

  /**
   * One page of the rows the filter keeps. `profile` scores each answered row (null: `fit` is null);
   * `fit` also ranks or narrows the rows by that score.
   */
  async search(
    filter: SearchFilter,
    page: number,
    perPage: number,
    profile: FitProfile | null = null,
    fit?: FitQuery,
  ): Promise<SearchResult> {
    let index = await this.indexAt(this.newestSeen);
    const needle = index && filter.term !== undefined ? await this.needle(filter.term) : undefined;
    // A change committed after the index's version shows in the page's version: the search is matched
    // again by the index brought up to that version.
    for (let tries = 0; index && tries < 3; tries++) {
      const match = index.match(filter, (page - 1) * perPage, perPage, needle, fit);
      if (match === null) break;
      const { version, rows } = await this.page(match.ids);
      if (version === index.version) {
        return this.answer(fit?.byScore ? inOrderOf(match.ids, rows) : rows, match.total, perPage, profile);
      }
      this.newestSeen = Math.max(this.newestSeen, version);
      index = await this.indexAt(version);
    }
    return this.sqlSearch(await readCatalogueVersion(this.db), filter, page, perPage, profile, fit);
  }

  /** The rows of these ids that exist, in id order, and the catalogue's version as they were read. */
  private async page(ids: number[]): Promise<{ version: number; rows: Row[] }> {
    const [read] = await this.pageByIds.run(this.db, { ids });
    return { version: Number(read.version), rows: read.rows === null ? [] : (JSON.parse(String(read.rows)) as Row[]) };
  }

  private async sqlSearch(
    version: number,
    filter: SearchFilter,
    page: number,
    perPage: number,
    profile: FitProfile | null,
    fit: FitQuery | undefined,
  ) {
    this.newestSeen = Math.max(this.newestSeen, version);
    if (fit) return this.sqlFitSearch(filter, page, perPage, profile, fit);
    const total = await this.sqlCount(version, filter);
    const window = pageWindow(total, page, perPage);
    let rows: Row[] = [];
    if (window) {
      rows = await queryRows(this.db, pageSql(this.catalogue, filter, window));
      if (window.fromEnd) rows.reverse();
    }
    return this.answer(rows, total, perPage, profile);
  }

  /**
   * A search by fit while the index is missing or stale: every kept row's fit fields are read and scored
   * here, by the same rubric. Slow on a large catalogue, but only until the index is rebuilt.
   */
  private async sqlFitSearch(
    filter: SearchFilter,
    page: number,
    perPage: number,
    profile: FitProfile | null,
    fit: FitQuery,
  ): Promise<SearchResult> {
    const scored = await this.sqlFitScores(filter, fit);
    // Array.prototype.sort is stable: rows of one score stay in id order.
    if (fit.byScore) scored.sort((a, b) => b.score - a.score);
    const start = (page - 1) * perPage;
    const ids = scored.slice(start, start + perPage).map((row) => row.id);
    const rows = ids.length === 0 ? [] : (await this.page(ids)).rows;
    return this.answer(inOrderOf(ids, rows), scored.length, perPage, profile);
  }

  /** The rows the filter keeps scoring at least fit.min, in id order, each with its score: read in SQL, scored here. */
  private async sqlFitScores(filter: SearchFilter, fit: FitQuery): Promise<Array<{ id: number; score: number }>> {
    return (await queryRows(this.db, fitRowsSql(this.catalogue, filter)))
      .map((row) => {
        const f = fitFactsOf(this.catalogue.name, row);
        return { id: Number(row.id), score: fitScore(fit.profile, f.stages, f.industries, f.geographies, f.financing, f.min, f.max) };
      })
      .filter((row) => row.score >= fit.min);
  }

  /**
   * How many rows the filter keeps (with `fit`, how many of them score at least fit.min) in the catalogue
   * of `version`, read by the caller: by the index when it is of that version, else in SQL, exactly alike.
   * Counting asks for no rows, so there is no page statement to prove the index current: the caller's
   * version does.
   */
  async count(version: number, filter: SearchFilter, fit?: FitQuery): Promise<number> {
    this.newestSeen = Math.max(this.newestSeen, version);
    // Kept for the version like a search's count: the sidebar asks for the same counts again and again.
    const key = fit ? `${filterKey(filter)} fit ${fit.profile.key} ${fit.min}` : filterKey(filter);
    return this.counts.get(version, key, async () => {
      const index = await this.indexAt(version);
      if (index?.version === version) {
        const needle = filter.term === undefined ? undefined : await this.needle(filter.term);
        const total = index.count(filter, needle, fit);
        if (total !== null) return total;
      }
      if (fit) return (await this.sqlFitScores(filter, fit)).length;
      return Number((await queryRows(this.db, countSql(this.catalogue, filter)))[0].total);
    });
  }

  private answer(rows: Row[], total: number, perPage: number, profile: FitProfile | null): SearchResult {
    return {
      results: rows.map((row) => this.scored(row, profile)),
      total_pages: Math.ceil(total / perPage),
      total,
    };
  }

  /**
   * A row as answered, with its fit against the profile (the same rubric the index ranks by): a copy of the
   * row as read.
   */
  scored(row: Row, profile: FitProfile | null): Scored<WireRow> {
    const wire = fillMissing(this.catalogue, { ...row }) as Scored<WireRow>;
    wire.fit = profile ? fitOf(profile, fitFactsOf(this.catalogue.name, wire)) : null;
    return wire;
  }

  /** A page this search answered without a profile (its rows its own), scored against one in place. */
  rescored(page: SearchResult, profile: FitProfile): SearchResult {
    for (const row of page.results) row.fit = fitOf(profile, fitFactsOf(this.catalogue.name, row));
    return page;
  }

  /** One row, with `fit` null: the route scores it once the caller's profile is read alongside. */
  async byId(id: number): Promise<Scored<WireRow> | undefined> {
    const rows = await queryRows(this.db, byIdSql(this.catalogue, id));
    return rows.length === 0 ? undefined : this.scored(rows[0], null);
  }
}

/** The rows in the order of `ids` (a ranked page), from rows read in id order. */
function inOrderOf(ids: readonly number[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.map((id) => byId.get(id)).filter((row): row is Row => row !== undefined);
}
