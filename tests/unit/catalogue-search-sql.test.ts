import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  countSql,
  filterKey,
  likePattern,
  pageWindow,
  readSearchFilter,
} from '../../src/server/modules/catalogue/search-sql.js';
import { fundCatalogue, investorCatalogue } from '../../src/server/modules/catalogue/catalogues.js';

const dialect = new PgDialect();

describe('search SQL', () => {
  it('escapes LIKE wildcards and its escape character in a search term', () => {
    expect(likePattern('abc')).toBe('%abc%');
    expect(likePattern('50%_off')).toBe('%50\\%\\_off%');
    expect(likePattern('a\\b')).toBe('%a\\\\b%');
  });

  it('reads a query into a filter: values deduplicated and sorted, blank term ignored', () => {
    const filter = readSearchFilter(investorCatalogue, {
      countries: ['France', 'Canada', 'France'],
      gender: 'Female',
      search_term: '   ',
      page: 2,
    });
    expect(filter.term).toBeUndefined();
    expect(filter.selections.map((s) => [s.facet.searchKey, s.values])).toEqual([
      ['countries', ['Canada', 'France']],
      ['gender', ['Female']],
    ]);
    const same = readSearchFilter(investorCatalogue, { gender: 'Female', countries: ['France', 'Canada'] });
    expect(filterKey(same)).toBe(filterKey(filter));
    expect(() => readSearchFilter(fundCatalogue, { gender_ratio: ['5-10'] })).toThrow(RangeError);
  });

  it('binds every value as a parameter, never as SQL text', () => {
    const filter = readSearchFilter(investorCatalogue, {
      countries: ["x'); DROP TABLE investors; --"],
      stages: ['Seed', 'PIPE'],
      assets_under_management: ['0-10000000', '10000000000-'],
      search_term: "o'brien",
    });
    const { sql, params } = dialect.sqlToQuery(countSql(investorCatalogue, filter));
    expect(sql).not.toContain('DROP');
    expect(sql).not.toContain('brien');
    expect(params).toContain("x'); DROP TABLE investors; --");
    expect(params).toContain("%o'brien%");
    expect(sql).toMatch(/"investors"\."stage_preferences" && \$\d+::text\[\]/);
    expect(sql).toContain('"investors"."search_text" LIKE lower(');
  });

  it('places a page: from the start early on, from the end late on, nothing past the end', () => {
    expect(pageWindow(100, 1, 15)).toEqual({ offset: 0, limit: 15, fromEnd: false });
    expect(pageWindow(100, 7, 15)).toEqual({ offset: 0, limit: 10, fromEnd: true });
    expect(pageWindow(100, 6, 15)).toEqual({ offset: 10, limit: 15, fromEnd: true });
    expect(pageWindow(100, 3, 15)).toEqual({ offset: 30, limit: 15, fromEnd: false });
    expect(pageWindow(100, 8, 15)).toBeNull();
    expect(pageWindow(0, 1, 15)).toBeNull();
    expect(pageWindow(1_000_000, 66_667, 15)).toEqual({ offset: 0, limit: 10, fromEnd: true });
  });
});
