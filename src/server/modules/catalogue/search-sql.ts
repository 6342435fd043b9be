// The search SQL, in one place: the routes run it, and the benchmark times the very same statements.
import { type SQL, sql } from 'drizzle-orm';
import { bucketsFor } from '../../../shared/filter-buckets.js';
import type { Catalogue, Facet } from './catalogues.js';
import { fitColumnsSql } from './fit-ranking.js';
import { type AddedWindow, addedWindowSql } from './added-order.js';

export interface FacetSelection {
  facet: Facet;
  /** Sorted and without repeats, so equal selections build equal SQL and share a cached count. */
  values: string[];
}

export interface SearchFilter {
  /** Trimmed; undefined when there is nothing to look for. */
  term?: string;
  selections: FacetSelection[];
  /** Only the rows added in this window (a saved search's new rows). */
  added?: AddedWindow;
}

export type SearchQuery = Record<string, unknown>;

/** Reads the validated search query into a filter; unknown range values are refused (RangeError). */
export function readSearchFilter(catalogue: Catalogue, query: SearchQuery): SearchFilter {
  const selections: FacetSelection[] = [];
  for (const facet of catalogue.facets) {
    const raw = query[facet.searchKey];
    if (raw === undefined) continue;
    const list = (Array.isArray(raw) ? raw : [raw]).map(String);
    const values = [...new Set(list)].sort();
    if (values.length === 0) continue;
    if (facet.match === 'range') bucketsFor(facet.ladder, values);
    selections.push({ facet, values });
  }
  const term = typeof query.search_term === 'string' ? query.search_term.trim() : '';
  return { term: term === '' ? undefined : term, selections };
}

/** A stable text naming the filter, for caching its count. */
export function filterKey(filter: SearchFilter): string {
  return JSON.stringify([
    filter.term ?? null,
    filter.selections.map((s) => [s.facet.searchKey, s.values]),
    filter.added ?? null,
  ]);
}

/** `%` and `_` are wildcards to LIKE and `\` its escape; a search term means them literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function selectionCondition({ facet, values }: FacetSelection): SQL {
  switch (facet.match) {
    case 'equals':
      return values.length === 1 ? sql`${facet.column} = ${values[0]}` : sql`${facet.column} IN ${values}`;
    case 'overlaps':
      return sql`${facet.column} && ${sql.param(values)}::text[]`;
    case 'range': {
      const ranges = bucketsFor(facet.ladder, values).map((b) =>
        b.hi === null
          ? sql`${facet.column} >= ${b.lo}`
          : sql`(${facet.column} >= ${b.lo} AND ${facet.column} < ${b.hi})`,
      );
      return sql`(${sql.join(ranges, sql` OR `)})`;
    }
  }
}

/** OR within one filter, AND across filters; the term is a case-insensitive substring (trigram index). */
export function whereClause(catalogue: Catalogue, filter: SearchFilter): SQL {
  const conditions = filter.selections.map(selectionCondition);
  if (filter.term !== undefined) {
    // search_text is stored lower-cased; lower() on both sides keeps one notion of case.
    conditions.push(sql`${catalogue.searchText} LIKE lower(${likePattern(filter.term)})`);
  }
  if (filter.added !== undefined) conditions.push(addedWindowSql(catalogue.addedAt, filter.added));
  return conditions.length === 0 ? sql`TRUE` : sql.join(conditions, sql` AND `);
}

/** The term lower-cased by the database, as search_text is (for a term CaseFold cannot fold). */
export function lowerSql(term: string): SQL {
  return sql`SELECT lower(${term}) AS needle`;
}

export function countSql(catalogue: Catalogue, filter: SearchFilter): SQL {
  return sql`SELECT count(*)::int AS total FROM ${catalogue.table} WHERE ${whereClause(catalogue, filter)}`;
}

export interface PageWindow {
  offset: number;
  limit: number;
  /** Read from the far end (id descending) and reverse: a late page then skips few rows, not many. */
  fromEnd: boolean;
}

/** Which rows page `page` holds among `total` matches; null when the page is past the end. */
export function pageWindow(total: number, page: number, perPage: number): PageWindow | null {
  const start = (page - 1) * perPage;
  if (start >= total) return null;
  const limit = Math.min(perPage, total - start);
  const fromEndOffset = total - start - limit;
  return fromEndOffset < start
    ? { offset: fromEndOffset, limit, fromEnd: true }
    : { offset: start, limit, fromEnd: false };
}

export function pageSql(catalogue: Catalogue, filter: SearchFilter, window: PageWindow): SQL {
  const order = window.fromEnd ? sql`DESC` : sql`ASC`;
  return sql`SELECT ${wireColumnList(catalogue)} FROM ${catalogue.table} WHERE ${whereClause(catalogue, filter)}
    ORDER BY ${catalogue.id} ${order} LIMIT ${window.limit} OFFSET ${window.offset}`;
}

function wireColumnList(catalogue: Catalogue): SQL {
  return sql.join(
    catalogue.wireColumns.map((c) => sql`${c}`),
    sql`, `,
  );
}

/** Every row the filter keeps, in id order, with the fields the fit rubric reads (shared/fit.ts). */
export function fitRowsSql(catalogue: Catalogue, filter: SearchFilter): SQL {
  return sql`SELECT ${catalogue.id} AS id, ${fitColumnsSql(catalogue)} FROM ${catalogue.table}
    WHERE ${whereClause(catalogue, filter)} ORDER BY ${catalogue.id}`;
}

export function byIdSql(catalogue: Catalogue, id: number): SQL {
  return sql`SELECT ${wireColumnList(catalogue)} FROM ${catalogue.table} WHERE ${catalogue.id} = ${id}`;
}

/**
 * The rows of one page the facet index picked (placeholder `ids`), with the catalogue version, read in one
 * statement and so from one snapshot: the version says whether the index that picked the ids was current. The rows
 * come as one JSON text (`rows`: an array in id order, null when none is found). Read column by column, a page of 25
 * rows is 550 values each decoded and parsed by the driver: on PGlite that took 2.5 of the statement's 4 ms, in the
 * database's thread every founder's statement waits on.
 */
export function byIdsWithVersionSql(catalogue: Catalogue): SQL {
  return sql`SELECT state.version, page.rows
    FROM (SELECT coalesce(max(version), 0) AS version FROM catalogue_state WHERE id = 1) AS state,
    (SELECT json_agg(row ORDER BY row.${sql.identifier(catalogue.id.name)})::text AS rows
      FROM (SELECT ${wireColumnList(catalogue)} FROM ${catalogue.table}
        WHERE ${catalogue.id} = ANY(${sql.placeholder('ids')}::int[])) AS row) AS page`;
}
