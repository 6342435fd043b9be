// The Round page's summaries an instance computed lately, each kept while the data it was counted from stands: its
// lists, their versions (list_versions: every change of a row, its notes, touches and deck line writes events, which
// move the list's version on, on any instance), the target's profile and the catalogue's version are what
// `readRound` reads, in one small statement per call.
import { sql } from 'drizzle-orm';
import type { RoundSummary } from '../../../shared/round-summary.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import type { SummaryScope } from './round-summary.js';

/** How long a summary is answered again at most: its figures that move with the clock (going cold, this week's) lag no more. */
export const SUMMARY_MAX_AGE_MS = 60_000;
const ENTRIES_MAX = 500;

/** What a summary is counted from, read in one small statement per call. */
export interface RoundRead {
  /** As text: each list's id and version, when the target's profile was last saved, the catalogue's version. */
  version: string;
  /** The lists summed, by id: each one's name and version (list_versions, 0 for none). */
  lists: Array<{ id: number; name: string; version: number }>;
  catalogue: string;
  /** The round's target (the profile's raise amount), if any. */
  target: number | null;
}

/**
 * What the summary of `scope` is counted from: its lists (each one's version one probe of list_versions' key), the
 * target's profile and the catalogue's version.
 */
export async function readRound(db: Db, scope: SummaryScope, targetOf: number): Promise<RoundRead> {
  const lists =
    'ownerId' in scope ? sql`l.user_id = ${scope.ownerId} AND l.list_type = 'investor'` : sql`l.id = ${scope.listId}`;
  const [row] = await queryRows(
    db,
    sql`SELECT
        (SELECT coalesce(json_agg(json_build_array(l.id, l.name, coalesce(v.version, 0)) ORDER BY l.id), '[]'::json)
          FROM lists l LEFT JOIN list_versions v ON v.list_id = l.id WHERE ${lists}) AS lists,
        (SELECT extract(epoch FROM updated_at)::text FROM startups WHERE user_id = ${targetOf}) AS profile,
        (SELECT raise_amount FROM startups WHERE user_id = ${targetOf})::float8 AS target,
        (SELECT version::text FROM catalogue_state WHERE id = 1) AS catalogue`,
  );
  const found = (row.lists as Array<[number, string, number | string]>).map(([id, name, version]) => ({ id, name, version: Number(version) }));
  const catalogue = String(row.catalogue);
  return {
    version: [found.map((list) => `${list.id}:${list.version}`).join(','), row.profile ?? '', catalogue].join('|'),
    lists: found,
    catalogue,
    target: row.target === null ? null : Number(row.target),
  };
}

interface Entry {
  version: string;
  computedAt: number;
  summary: RoundSummary;
}

/** Summaries by what was asked (scope, cold_days, tz), the oldest asked dropped past ENTRIES_MAX. */
export class SummaryCache {
  private readonly entries = new Map<string, Entry>();

  get(key: string, version: string, now: Date): RoundSummary | null {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return null;
    const age = now.getTime() - entry.computedAt;
    return age >= 0 && age < SUMMARY_MAX_AGE_MS ? entry.summary : null;
  }

  set(key: string, version: string, summary: RoundSummary): void {
    this.entries.delete(key);
    this.entries.set(key, { version, computedAt: Date.parse(summary.computed_at), summary });
    if (this.entries.size > ENTRIES_MAX) this.entries.delete(this.entries.keys().next().value!);
  }
}
