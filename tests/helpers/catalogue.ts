// Test oracle for the catalogue calls: what a search should answer, worked out in plain TypeScript
// from every row of the table, independently of the SQL the server runs.
import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { funds, investors } from '../../src/server/db/schema.js';
import type { Db } from '../../src/server/db/client.js';

export type Query = Record<string, string | number | (string | number)[]>;

/** Repeated keys for arrays, without brackets, as the API takes them. */
export function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export type InvestorRecord = typeof investors.$inferSelect;
export type FundRecord = typeof funds.$inferSelect;

/** Every investor by id, from an app or a database. */
export async function allInvestors({ db }: { db: Db }): Promise<InvestorRecord[]> {
  return db.select().from(investors).orderBy(asc(investors.id));
}

export async function allFunds({ db }: { db: Db }): Promise<FundRecord[]> {
  return db.select().from(funds).orderBy(asc(funds.id));
}

/** How one search key reads a row: a scalar compared for equality, a list overlapping, a number in ranges. */
export type Reader<R> =
  | { kind: 'equals'; read: (row: R) => string }
  | { kind: 'overlaps'; read: (row: R) => string[] }
  | { kind: 'range'; read: (row: R) => number | null };

/**
 * How each investor search key reads a row, written from what the filters mean (not from the server's
 * facet table), so a facet that read the wrong column would be caught.
 */
export const INVESTOR_READERS: Record<string, Reader<InvestorRecord>> = {
  countries: { kind: 'equals', read: (r) => r.country },
  cities: { kind: 'equals', read: (r) => r.city },
  states: { kind: 'equals', read: (r) => r.state },
  fund_types: { kind: 'equals', read: (r) => r.type_of_firm },
  title: { kind: 'equals', read: (r) => r.contact_title },
  gender: { kind: 'equals', read: (r) => r.gender },
  stages: { kind: 'overlaps', read: (r) => r.stage_preferences },
  industries: { kind: 'overlaps', read: (r) => r.industry_preferences },
  assets_under_management: { kind: 'range', read: (r) => r.capital_managed },
  min_investment: { kind: 'range', read: (r) => r.min_investment },
  max_investment: { kind: 'range', read: (r) => r.max_investment },
  number_of_investors: { kind: 'range', read: (r) => r.number_of_investors },
};

/** The same for funds. */
export const FUND_READERS: Record<string, Reader<FundRecord>> = {
  countries: { kind: 'equals', read: (r) => r.firm_country },
  cities: { kind: 'equals', read: (r) => r.firm_city },
  states: { kind: 'equals', read: (r) => r.firm_state },
  fund_types: { kind: 'equals', read: (r) => r.firm_type },
  stages: { kind: 'overlaps', read: (r) => r.stage_preferences },
  industries: { kind: 'overlaps', read: (r) => r.industry_preferences },
  assets_under_management: { kind: 'range', read: (r) => r.capital_managed },
  min_investment: { kind: 'range', read: (r) => r.min_investment },
  max_investment: { kind: 'range', read: (r) => r.max_investment },
  number_of_investors: { kind: 'range', read: (r) => r.number_of_investors },
  // The documented meaning of gender_ratio: women on the investment team, in percent.
  gender_ratio: {
    kind: 'range',
    read: (r) =>
      r.number_of_investors && r.women_investors !== null ? (r.women_investors * 100) / r.number_of_investors : null,
  },
};

/** "lo-hi" or "lo-": lo ≤ x < hi. */
function inRange(x: number, value: string): boolean {
  const [lo, hi] = value.split('-');
  return x >= Number(lo) && (hi === '' || x < Number(hi));
}

export function expectedIds<R extends { id: number }>(
  rows: R[],
  readers: Record<string, Reader<R>>,
  query: Query,
  searchText?: (row: R) => string,
): number[] {
  return rows
    .filter((row) =>
      Object.entries(query).every(([key, raw]) => {
        const values = (Array.isArray(raw) ? raw : [raw]).map(String);
        if (key === 'search_term') return searchText!(row).toLowerCase().includes(values[0].trim().toLowerCase());
        const reader = readers[key];
        if (!reader) return true;
        switch (reader.kind) {
          case 'equals':
            return values.includes(reader.read(row));
          case 'overlaps':
            return reader.read(row).some((v) => values.includes(v));
          case 'range': {
            const x = reader.read(row);
            return x !== null && values.some((v) => inRange(x, v));
          }
        }
      }),
    )
    .map((row) => row.id);
}

/** Every id a search answers, page by page (100 per page), checking total and total_pages on the way. */
export async function searchAllIds(
  app: FastifyInstance,
  path: string,
  query: Query,
  headers: Record<string, string>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await app.inject({
      method: 'GET',
      url: `${path}${queryString({ ...query, page, per_page: 100 })}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { results: { id: number }[]; total_pages: number; total: number };
    ids.push(...body.results.map((r) => r.id));
    expect(body.total_pages).toBe(Math.ceil(body.total / 100));
    if (page >= body.total_pages) {
      expect(ids.length).toBe(body.total);
      return ids;
    }
  }
}

/** The most common values of a scalar column, for picking filters that match something. */
export function commonValues<R>(rows: R[], read: (row: R) => string, count: number): string[] {
  const tally = new Map<string, number>();
  for (const row of rows) {
    const v = read(row);
    if (v !== 'NaN') tally.set(v, (tally.get(v) ?? 0) + 1);
  }
  return [...tally.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([v]) => v);
}
