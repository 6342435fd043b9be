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

export interface RoundQuery {
  scope: RoundScope;
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
  return sql`ev AS (
      SELECT a.list_id, a.item_id AS investor_id, a.id, a.created_at AS at, a.action, a.detail->>'from' AS f, a.detail->>'to' AS t
      FROM list_activity a JOIN r ON r.list_id = a.list_id AND r.investor_id = a.item_id
      WHERE a.list_id IN (SELECT id FROM scope) AND a.item_kind = 'investor' AND a.action IN ('stage', 'amount')
        AND a.created_at >= r.added_at
    ),
    amounted AS (
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

/** A panel's rows: the first ROUND_PANEL_ROWS_MAX of `fd` where `condition` holds, in `order`, with `fields`. */
function panel(condition: SQL, order: SQL, fields: SQL): SQL {
  return sql`(SELECT json_build_object('total', (SELECT count(*) FROM fd WHERE ${condition}),
      'rows', coalesce((SELECT json_agg(x) FROM (
        SELECT fd.list_id, s.name AS list_name, fd.investor_id, fd.stage, ${fields},
          coalesce(ir.first_name, '') AS first_name, coalesce(ir.last_name, '') AS last_name, coalesce(ir.firm_name, '') AS firm
        FROM fd JOIN scope s ON s.id = fd.list_id
        LEFT JOIN investor_rows ir ON ir.id = fd.investor_id
          AND ir.id = ANY (ARRAY(SELECT fd.investor_id FROM fd WHERE ${condition} ORDER BY ${order} LIMIT ${ROUND_PANEL_ROWS_MAX}))
        WHERE ${condition} ORDER BY ${order} LIMIT ${ROUND_PANEL_ROWS_MAX}) x), '[]'::json)))`;
}

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
  const statement = sql`WITH ${rowFacts(query.scope, window)}, ${weeklyChanges(weeks.map((week) => week.startsAt))},
    types AS (
      SELECT id, coalesce(nullif(nullif(btrim(type_of_firm), ''), 'NaN'), '-') AS label FROM investor_rows
      WHERE id = ANY (ARRAY(SELECT DISTINCT investor_id FROM r))
    )
    SELECT
      (SELECT count(*) FROM fd)::int AS rows,
      (SELECT extract(epoch FROM min(added_at)) * 1000 FROM r)::float8 AS first_added_ms,
      (SELECT coalesce(sum(amount) FILTER (WHERE stage = 'term_sheet'), 0) FROM r)::float8 AS term_sheet,
      (SELECT coalesce(sum(amount) FILTER (WHERE stage = 'committed'), 0) FROM r)::float8 AS committed,
      (SELECT raise_amount FROM ${startups} WHERE ${eq(startups.user_id, query.targetOf)})::float8 AS target,
      (SELECT coalesce(json_agg(x), '[]'::json) FROM (SELECT bucket, term_sheet::float8, committed::float8 FROM changes) x) AS changes,
      (SELECT coalesce(json_agg(x), '[]'::json) FROM (
        SELECT furthest, stage = 'passed' AS passed, count(*)::int AS n FROM fd GROUP BY 1, 2) x) AS funnel,
      (SELECT row_to_json(x) FROM (SELECT '' AS label, ${responseFigures} FROM fd) x) AS response,
      (SELECT coalesce(json_agg(x ORDER BY x.list_id), '[]'::json) FROM (
        SELECT s.id AS list_id, s.name AS label, ${responseFigures}
        FROM scope s LEFT JOIN fd ON fd.list_id = s.id GROUP BY s.id, s.name) x) AS by_list,
      (SELECT coalesce(json_agg(x ORDER BY x.contacted DESC, x.label), '[]'::json) FROM (
        SELECT types.label, ${responseFigures}
        FROM fd JOIN types ON types.id = fd.investor_id GROUP BY types.label) x) AS by_type,
      ${panel(isCold(window.coldSince), coldOrder, sql`fd.last_touch_ms`)} AS cold,
      ${panel(isOverdue(window.today), overdueOrder, sql`fd.follow_up_on::text AS follow_up_on`)} AS overdue,
      ${panel(isEngaged, engagedOrder, sql`fd.deck_ms::float8 AS deck_ms, fd.replies, fd.meetings`)} AS engaged`;
  const [row] = await queryRows(db, statement);

  const furthest = FUNNEL_STAGES.map(() => 0);
  const passedAt = FUNNEL_STAGES.map(() => 0);
  for (const group of row.funnel as Array<{ furthest: number; passed: boolean; n: number }>) {
    furthest[group.furthest - 1] += group.n;
    if (group.passed) passedAt[group.furthest - 1] += group.n;
  }
  const changes = new Map(
    (row.changes as Array<{ bucket: number; term_sheet: number; committed: number }>).map((change) => [change.bucket, change]),
  );
  const response = row.response as ResponseRow;
  const cold = row.cold as { total: number; rows: Array<PanelRow & { last_touch_ms: number }> };
  const overdue = row.overdue as { total: number; rows: Array<PanelRow & { follow_up_on: string }> };
  const engaged = row.engaged as { total: number; rows: Array<PanelRow & { deck_ms: number; replies: number; meetings: number }> };
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
      weeks: weeklySums(weeks, changes, row.first_added_ms === null ? null : Number(row.first_added_ms)),
    },
    funnel: { stages: funnelStages(furthest), passed: passedStages(passedAt) },
    response: {
      contacted: response.contacted,
      answered: response.answered,
      median_days: response.median_days,
      by_list: (row.by_list as ResponseRow[]).map(group(true)),
      by_type: (row.by_type as ResponseRow[]).map(group(false)),
    },
    cold: {
      total: cold.total,
      rows: cold.rows.map((r) => ({
        ...rowRef(r),
        last_touch_at: new Date(r.last_touch_ms).toISOString(),
        days: wholeDaysSince(r.last_touch_ms, query.now),
      })),
    },
    overdue: {
      total: overdue.total,
      rows: overdue.rows.map((r) => ({
        ...rowRef(r),
        follow_up_on: r.follow_up_on,
        days: daysBetween(r.follow_up_on, window.today),
      })),
    },
    engaged: {
      total: engaged.total,
      rows: engaged.rows.map((r) => ({ ...rowRef(r), deck_ms: Number(r.deck_ms), replies: r.replies, meetings: r.meetings })),
    },
  };
}
