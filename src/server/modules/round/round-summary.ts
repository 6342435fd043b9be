// GET /api/v1/round/summary: every panel of the Round page in one statement over the rows' facts (round-facts.ts).
import { eq, sql, type SQL } from 'drizzle-orm';
import { FUNNEL_STAGES, ROUND_PANEL_ROWS_MAX, type RoundRowRef, type RoundSummary } from '../../../shared/round-summary.js';
import type { PipelineStage } from '../../../shared/pipeline.js';
import { daysBetween } from '../../../shared/days.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { startups } from '../../db/schema.js';
import {
  coldOrder,
  engagedOrder,
  isCold,
  isEngaged,
  isOverdue,
  overdueOrder,
  rowFacts,
  type RoundScope,
} from './round-facts.js';
import { coldSince, DAY_MS, dayIn, funnelStages, latestWeeks, passedStages, weeklySums, wholeDaysSince } from './round-rules.js';

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

/**
 * How each row's term-sheet and committed amounts changed over time, summed per week of `weekStarts` (bucket 0:
 * before the first week; i: the i-th week): every row's stage and amount after each of its 'stage' and 'amount'
 * entries (from its addition: the first entry's `from`, else its values now), and the change that made to the sums.
 */
function weeklyChanges(weekStarts: number[]): SQL {
  const thresholds = `{${weekStarts.map((ms) => new Date(ms).toISOString()).join(',')}}`;
  return sql`    amounted AS (
      SELECT list_id, investor_id FROM r WHERE amount IS NOT NULL
      UNION SELECT list_id, investor_id FROM ev WHERE action = 'amount'
    ),
    steps AS (
      SELECT r.list_id, r.investor_id, 0::bigint AS id, r.added_at AS at, 'added' AS action, NULL::text AS f, NULL::text AS t,
        r.stage AS stage_now, r.amount AS amount_now
      FROM r JOIN amounted USING (list_id, investor_id)
      UNION ALL
      SELECT ev.*, r.stage, r.amount FROM ev JOIN amounted USING (list_id, investor_id)
        JOIN r USING (list_id, investor_id)
    ),
    states AS (
      SELECT list_id, investor_id, id, at,
        CASE WHEN count(*) FILTER (WHERE action = 'stage') OVER upto > 0
          THEN (array_agg(t) FILTER (WHERE action = 'stage') OVER upto)[count(*) FILTER (WHERE action = 'stage') OVER upto]
          WHEN count(*) FILTER (WHERE action = 'stage') OVER whole > 0 THEN (array_agg(f) FILTER (WHERE action = 'stage') OVER whole)[1]
          ELSE stage_now END AS stage,
        CASE WHEN count(*) FILTER (WHERE action = 'amount') OVER upto > 0
          THEN (array_agg(t) FILTER (WHERE action = 'amount') OVER upto)[count(*) FILTER (WHERE action = 'amount') OVER upto]::bigint
          WHEN count(*) FILTER (WHERE action = 'amount') OVER whole > 0 THEN (array_agg(f) FILTER (WHERE action = 'amount') OVER whole)[1]::bigint
          ELSE amount_now END AS amount
      FROM steps
      WINDOW upto AS (PARTITION BY list_id, investor_id ORDER BY at, id ROWS UNBOUNDED PRECEDING),
        whole AS (PARTITION BY list_id, investor_id ORDER BY at, id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
    ),
    sums AS (
      SELECT list_id, investor_id, id, at,
        CASE WHEN stage = 'term_sheet' THEN coalesce(amount, 0) ELSE 0 END AS term_sheet,
        CASE WHEN stage = 'committed' THEN coalesce(amount, 0) ELSE 0 END AS committed
      FROM states
    ),
    deltas AS (
      SELECT at, term_sheet - coalesce(lag(term_sheet) OVER row_steps, 0) AS term_sheet,
        committed - coalesce(lag(committed) OVER row_steps, 0) AS committed
      FROM sums
      WINDOW row_steps AS (PARTITION BY list_id, investor_id ORDER BY at, id)
    ),
    changes AS (
      SELECT width_bucket(at, ${thresholds}::timestamptz[]) AS bucket, sum(term_sheet) AS term_sheet, sum(committed) AS committed
      FROM deltas GROUP BY 1
    )`;
}

/** A panel's first ROUND_PANEL_ROWS_MAX rows of `fd` where `condition` holds, in `order`, with `fields` (a CTE body). */
function panelRows(condition: SQL, order: SQL, fields: SQL): SQL {
  return sql`SELECT fd.list_id, fd.investor_id, fd.stage, ${fields} FROM fd WHERE ${condition} ORDER BY ${order} LIMIT ${ROUND_PANEL_ROWS_MAX}`;
}

/** A panel's rows as JSON, each with its list's name and its investor's name and firm (read by key from `names`). */
function panelJson(cte: string, order: SQL): SQL {
  return sql`(SELECT coalesce(json_agg(x), '[]'::json) FROM (
      SELECT p.*, s.name AS list_name, coalesce(ir.first_name, '') AS first_name, coalesce(ir.last_name, '') AS last_name,
        coalesce(ir.firm_name, '') AS firm
      FROM ${sql.raw(cte)} p JOIN scope s ON s.id = p.list_id LEFT JOIN names ir ON ir.id = p.investor_id
      ORDER BY ${order}) x)`;
}

/** Counts of `fd` by each funnel stage as the furthest reached (where `also` holds too), as an array. */
const byFurthest = (also: SQL) =>
  sql.join(
    FUNNEL_STAGES.map((_, i) => sql`count(*) FILTER (WHERE fd.furthest = ${sql.raw(String(i + 1))} AND ${also})::int`),
    sql`, `,
  );

/** How a response group counts its rows of `fd`. */
const responseFigures = sql`count(*) FILTER (WHERE fd.contacted) AS contacted,
  count(*) FILTER (WHERE fd.contacted AND fd.answered) AS answered,
  percentile_disc(0.5) WITHIN GROUP (ORDER BY fd.answer_days) AS median_days`;

interface PanelRow {
  list_id: number;
  list_name: string;
  investor_id: number;
  stage: PipelineStage;
  first_name: string;
  last_name: string;
  firm: string;
}

function rowRef(row: PanelRow): RoundRowRef {
  return {
    list_id: row.list_id,
    list_name: row.list_name,
    investor_id: row.investor_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    firm: row.firm,
    stage: row.stage,
  };
}

interface ResponseRow {
  list_id?: number;
  label: string;
  contacted: number;
  answered: number;
  median_days: number | null;
}

/** Every panel of the Round page for the lists of `query.scope`. */
export async function roundSummary(db: Db, query: RoundQuery): Promise<RoundSummary> {
  const window = roundWindow(query);
  const weeks = latestWeeks(query.now, query.tz);
  const cold = isCold(window.coldSince);
  const overdue = isOverdue(window.today);
  const statement = sql`WITH ${rowFacts(query.scope, window)}, ${weeklyChanges(weeks.map((week) => week.startsAt))},
    whole AS (
      SELECT count(*)::int AS rows,
        (extract(epoch FROM min(fd.added_at)) * 1000)::float8 AS first_added_ms,
        coalesce(sum(fd.amount) FILTER (WHERE fd.stage = 'term_sheet'), 0)::float8 AS term_sheet,
        coalesce(sum(fd.amount) FILTER (WHERE fd.stage = 'committed'), 0)::float8 AS committed,
        count(*) FILTER (WHERE fd.stage = 'term_sheet')::int AS term_sheet_rows,
        count(*) FILTER (WHERE fd.stage = 'committed')::int AS committed_rows,
        ARRAY[${byFurthest(sql`true`)}] AS furthest,
        ARRAY[${byFurthest(sql`fd.stage = 'passed'`)}] AS passed,
        ${responseFigures},
        count(*) FILTER (WHERE ${cold})::int AS cold,
        count(*) FILTER (WHERE ${overdue})::int AS overdue,
        count(*) FILTER (WHERE ${isEngaged})::int AS engaged
      FROM fd
    ),
    cold_rows AS (${panelRows(cold, coldOrder, sql`fd.last_touch, fd.last_touch_ms`)}),
    overdue_rows AS (${panelRows(overdue, overdueOrder, sql`fd.follow_up_on, fd.follow_up_on::text AS follow_up_day`)}),
    engaged_rows AS (${panelRows(isEngaged, engagedOrder, sql`fd.score, fd.deck_ms::float8 AS deck_ms, fd.replies, fd.meetings`)}),
    names AS (
      SELECT id, first_name, last_name, firm_name FROM investor_rows WHERE id = ANY (ARRAY(
        SELECT investor_id FROM cold_rows UNION SELECT investor_id FROM overdue_rows UNION SELECT investor_id FROM engaged_rows))
    ),
    types AS (
      SELECT id, coalesce(nullif(nullif(btrim(type_of_firm), ''), 'NaN'), '-') AS label FROM investor_rows
      WHERE id = ANY (ARRAY(SELECT DISTINCT investor_id FROM fd WHERE fd.contacted))
    )
    SELECT whole.*,
      (SELECT raise_amount FROM ${startups} WHERE ${eq(startups.user_id, query.targetOf)})::float8 AS target,
      (SELECT coalesce(json_agg(x), '[]'::json) FROM (SELECT bucket, term_sheet::float8, committed::float8 FROM changes) x) AS changes,
      (SELECT coalesce(json_agg(x ORDER BY x.list_id), '[]'::json) FROM (
        SELECT s.id AS list_id, s.name AS label, ${responseFigures}
        FROM scope s LEFT JOIN fd ON fd.list_id = s.id GROUP BY s.id, s.name) x) AS by_list,
      (SELECT coalesce(json_agg(x ORDER BY x.contacted DESC, x.label), '[]'::json) FROM (
        SELECT types.label, ${responseFigures}
        FROM fd JOIN types ON types.id = fd.investor_id WHERE fd.contacted GROUP BY types.label) x) AS by_type,
      ${panelJson('cold_rows', sql`p.last_touch, p.list_id, p.investor_id`)} AS cold_rows,
      ${panelJson('overdue_rows', sql`p.follow_up_on, p.list_id, p.investor_id`)} AS overdue_rows,
      ${panelJson('engaged_rows', sql`p.score DESC, p.deck_ms DESC, p.list_id, p.investor_id`)} AS engaged_rows
    FROM whole`;
  const [row] = await queryRows(db, statement);

  const changes = new Map(
    (row.changes as Array<{ bucket: number; term_sheet: number; committed: number }>).map((change) => [change.bucket, change]),
  );
  const coldRows = row.cold_rows as Array<PanelRow & { last_touch_ms: number }>;
  const overdueRows = row.overdue_rows as Array<PanelRow & { follow_up_day: string }>;
  const engagedRows = row.engaged_rows as Array<PanelRow & { deck_ms: number; replies: number; meetings: number }>;
  const group = (byList: boolean) => (g: ResponseRow) => ({
    list_id: byList ? g.list_id! : null,
    label: g.label,
    contacted: g.contacted,
    answered: g.answered,
    median_days: g.median_days,
  });
  return {
    list_id: 'listId' in query.scope ? query.scope.listId : null,
    computed_at: query.now.toISOString(),
    cold_days: query.coldDays,
    tz: query.tz,
    rows: row.rows as number,
    committed: {
      target: row.target === null ? null : Number(row.target),
      term_sheet: Number(row.term_sheet),
      committed: Number(row.committed),
      term_sheet_rows: Number(row.term_sheet_rows),
      committed_rows: Number(row.committed_rows),
      weeks: weeklySums(weeks, changes, row.first_added_ms === null ? null : Number(row.first_added_ms)),
    },
    funnel: { stages: funnelStages(row.furthest as number[]), passed: passedStages(row.passed as number[]) },
    response: {
      contacted: Number(row.contacted),
      answered: Number(row.answered),
      median_days: row.median_days === null ? null : Number(row.median_days),
      by_list: (row.by_list as ResponseRow[]).map(group(true)),
      by_type: (row.by_type as ResponseRow[]).map(group(false)),
    },
    cold: {
      total: row.cold as number,
      rows: coldRows.map((r) => ({
        ...rowRef(r),
        last_touch_at: new Date(r.last_touch_ms).toISOString(),
        days: wholeDaysSince(r.last_touch_ms, query.now),
      })),
    },
    overdue: {
      total: row.overdue as number,
      rows: overdueRows.map((r) => ({
        ...rowRef(r),
        follow_up_on: r.follow_up_day,
        days: daysBetween(r.follow_up_day, window.today),
      })),
    },
    engaged: {
      total: row.engaged as number,
      rows: engagedRows.map((r) => ({ ...rowRef(r), deck_ms: Number(r.deck_ms), replies: r.replies, meetings: r.meetings })),
    },
  };
}
