// GET /api/v1/round/summary: every panel of the Round page, summed from each list's kept part (list-parts.ts, counted
// anew for a list that changed) and the deck links' views, in three small statements and one when a list changed.
import { sql } from 'drizzle-orm';
import type { RoundSummary } from '../../../shared/round-summary.js';
import { arrayLiteral } from '../../db/catalogue-store.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { epochMs } from '../../db/epoch-ms.js';
import { type RoundScope } from './round-facts.js';
import { partVersion, type ListParts } from './list-parts.js';
import { finishRound, mergeRound, type DeckRead, type MergeInput } from './round-merge.js';
import { coldSince, DAY_MS, dayIn, latestWeeks, mondayOf } from './round-rules.js';
import type { RoundRead } from './summary-cache.js';

/** What a summary sums: the caller's own investor lists, or one list. */
export type SummaryScope = Extract<RoundScope, { ownerId: number } | { listId: number }>;

export interface RoundQuery {
  scope: SummaryScope;
  /** Whose startup profile holds the target: the caller, or the one list's owner. */
  targetOf: number;
  coldDays: number;
  /** A zone canonicalTimeZone accepted. */
  tz: string;
  now: Date;
}

/** What the Round page's figures are counted at: now, the week before it, the cold cut-off, today in the zone. */
export function roundWindow(query: Pick<RoundQuery, 'now' | 'coldDays' | 'tz'>) {
  return {
    now: query.now,
    weekAgo: new Date(query.now.getTime() - 7 * DAY_MS),
    coldSince: coldSince(query.now, query.coldDays),
    today: dayIn(query.now, query.tz),
  };
}

const weeksKept = new Map<string, ReturnType<typeof latestWeeks>>();

/** latestWeeks, kept by zone and week (a few ms of time-zone arithmetic each), for the latest 100 asked. */
function weeksOf(now: Date, tz: string): ReturnType<typeof latestWeeks> {
  const key = `${tz}|${mondayOf(dayIn(now, tz))}`;
  let weeks = weeksKept.get(key);
  if (!weeks) {
    weeks = latestWeeks(now, tz);
    weeksKept.set(key, weeks);
    if (weeksKept.size > 100) weeksKept.delete(weeksKept.keys().next().value!);
  }
  return weeks;
}

/**
 * The views of the deck links made for the lists' rows: each row's last read, and what was read since `weekAgo`; each
 * row's stage read by its key (joined by hash, PGlite read all the lists' rows for 300 links).
 */
async function deckReads(db: Db, listIds: readonly number[], weekAgo: Date): Promise<DeckRead[]> {
  const rows = await queryRows(
    db,
    sql`SELECT d.list_id, d.investor_id, li.stage, ${epochMs(sql`d.last_at`)} AS last_ms, d.ms FROM (
        SELECT k.list_id, k.investor_id, max(coalesce(v.last_read_at, v.started_at)) AS last_at,
          coalesce(sum(v.counted_ms) FILTER (WHERE v.started_at >= ${weekAgo.toISOString()}::timestamptz), 0)::float8 AS ms
        FROM deck_links k JOIN deck_views v ON v.link_id = k.id
        WHERE k.list_id = ANY (${arrayLiteral(listIds.map(String))}::int[]) AND k.investor_id IS NOT NULL
        GROUP BY k.list_id, k.investor_id
      ) d
      JOIN LATERAL (SELECT li.stage FROM list_investors li WHERE li.list_id = d.list_id AND li.investor_id = d.investor_id OFFSET 0) li ON true`,
  );
  return rows.map((row) => ({
    list_id: Number(row.list_id),
    investor_id: Number(row.investor_id),
    stage: row.stage as DeckRead['stage'],
    last_ms: Number(row.last_ms),
    ms: Number(row.ms),
  }));
}

/** The investors' names and firms, by id, and `labels` in the database's order (its collation). */
async function namesAndOrder(db: Db, investorIds: Iterable<number>, labels: readonly string[]) {
  const [row] = await queryRows(
    db,
    sql`SELECT
      (SELECT coalesce(json_agg(json_build_array(id, coalesce(first_name, ''), coalesce(last_name, ''), coalesce(firm_name, ''))), '[]'::json)
        FROM investor_rows WHERE id = ANY (${arrayLiteral([...investorIds].map(String))}::int[])) AS names,
      (SELECT coalesce(json_agg(label ORDER BY label), '[]'::json) FROM json_array_elements_text(${JSON.stringify(labels)}::json) label) AS labels`,
  );
  const names = new Map(
    (row.names as Array<[number, string, string, string]>).map(([id, first, last, firm]) => [
      id,
      { name: `${first} ${last}`.trim(), firm },
    ]),
  );
  return { names, labels: row.labels as string[] };
}

/** What the figures of the lists `read` found are summed from: each list's part (kept or counted anew), and their deck links' views. */
export async function roundParts(
  db: Db,
  query: RoundQuery,
  read: RoundRead,
  parts: ListParts,
): Promise<Pick<MergeInput, 'lists' | 'decks'>> {
  const listIds = read.lists.map((list) => list.id);
  // Side by side: the deck views are read fresh whatever the parts kept.
  const [kept, decks] = await Promise.all([
    parts.of(
      db,
      read.lists.map((list) => ({ id: list.id, version: partVersion(list.version, read.catalogue) })),
      query.now,
    ),
    listIds.length === 0 ? [] : deckReads(db, listIds, roundWindow(query).weekAgo),
  ]);
  return {
    // A list deleted since it was read has no part: it is summed no more.
    lists: read.lists.flatMap((list) => {
      const part = kept.get(list.id);
      return part ? [{ id: list.id, name: list.name, part }] : [];
    }),
    decks,
  };
}

/** What mergeRound sums `sums` (of roundParts) at, for `query`. */
export function mergeInput(query: RoundQuery, read: RoundRead, sums: Pick<MergeInput, 'lists' | 'decks'>): MergeInput {
  const window = roundWindow(query);
  return {
    list_id: 'listId' in query.scope ? query.scope.listId : null,
    ...sums,
    target: read.target,
    coldDays: query.coldDays,
    tz: query.tz,
    now: query.now,
    weekAgo: window.weekAgo,
    coldSince: window.coldSince,
    today: window.today,
    weeks: weeksOf(query.now, query.tz),
  };
}

/**
 * Every panel of the Round page for the lists `read` found: each list's part kept or counted anew (`parts`), their
 * deck links' views, and the panels' investors' names.
 */
export async function roundSummary(db: Db, query: RoundQuery, read: RoundRead, parts: ListParts): Promise<RoundSummary> {
  const merged = mergeRound(mergeInput(query, read, await roundParts(db, query, read, parts)));
  const investorIds = new Set(
    [...merged.cold.rows, ...merged.overdue.rows, ...merged.engaged.rows].map((row) => row.investor_id),
  );
  const labels = merged.byType.map((group) => group.label);
  const { names, labels: ordered } =
    investorIds.size === 0 && labels.length === 0
      ? { names: new Map(), labels: [] }
      : await namesAndOrder(db, investorIds, labels);
  return finishRound(merged, names, ordered);
}
