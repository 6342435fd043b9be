// What the Round page knows of each row of the lists summed, as SQL common table expressions both calls build on
// (GET /round/summary and GET /round/rows), so a figure and the rows behind it are counted by one rule.
import { sql, type SQL } from 'drizzle-orm';
import { ACTIVE_STAGES, FUNNEL_STAGES } from '../../../shared/round-summary.js';
import { arrayLiteral } from '../../db/catalogue-store.js';
import { epochMs } from '../../db/epoch-ms.js';
import { editsList } from '../lists/list-access.js';

/**
 * The lists summed: the caller's own investor lists, or one list (whose access the caller was checked for), or (the
 * morning mail) the investor lists a user owns or edits, or (each list's kept part) investor lists by id (or an
 * int[] expression of them: a prepared statement's parameter).
 */
export type RoundScope = { ownerId: number } | { listId: number } | { editorId: number } | { listIds: readonly number[] | SQL };

export interface FactsWindow {
  /** Where "this week" (engaged) begins: the last 7 days. */
  weekAgo: Date;
  /**
   * For a list's kept part, which reads this week's engagement apart: `scope` and `fd` only, `fd` without the week's
   * engagement (deck views, replies, meetings, `last_touch`, `score`).
   */
  lean?: boolean;
}

const literals = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const active = sql.raw(literals(ACTIVE_STAGES));

/** FUNNEL_STAGES' place (1-based, as SQL counts) of a stage. */
export const funnelPlace = (stage: (typeof FUNNEL_STAGES)[number]) => FUNNEL_STAGES.indexOf(stage) + 1;

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/**
 * `scope` (the lists), `r` (their rows: `amount_changed_at` when its stage or amount last changed, else its addition:
 * which of an investor's rows on several lists says her amount; and `type_label`, its investor's type as the Round
 * page groups by it: its firm type, '-' when none, kept on the row by migration 0023's triggers) and `fd`: each row with
 * - `furthest`: the furthest funnel stage it reached (1–5), from its stage now and every stage its 'stage' activity
 *   went from or to since it was added (a row passed counts by the furthest it reached before);
 * - `contacted` (reached Contacted, or a touch logged) and `answered` (an answer logged, a reply captured, or a stage
 *   past Contacted reached), `answer_at` its first answer, and `answer_days`: whole days from its first contact (first
 *   touch, or first reaching Contacted) to its first answer, when both are known;
 * - `last_touch_ms`: its last touch (a touch, a note, a stage change, a view of a deck link made for it, else its
 *   addition), in ms since 1970; `logged_touch` the same but for deck views (a reader's beacons write no list event);
 * - this week's `deck_ms`, `replies` (replies received, or one when an answer was logged this week) and `meetings`
 *   (meetings logged, or one when it reached Meeting this week), and their `score` (3 a meeting, 2 a reply, 1 a whole
 *   minute of deck read).
 * What a row's activity, touches and notes say is kept on write (round_row_facts, migration 0021's triggers, in the
 * transaction of each statement writing them), and what those and the row's own changes make of its figures on the
 * row (its round_* columns, migration 0024's round_row_counted): the rows are read by the lists' ids, never their
 * histories; only this week's replies and meetings are read, of the rows that logged one this week.
 */
export function rowFacts(scope: RoundScope, { weekAgo, lean = false }: FactsWindow): SQL {
  const lists =
    'ownerId' in scope
      ? sql`SELECT id, name, user_id FROM lists WHERE user_id = ${scope.ownerId} AND list_type = 'investor'`
      : 'listId' in scope
        ? sql`SELECT id, name, user_id FROM lists WHERE id = ${scope.listId}`
        : 'listIds' in scope
          ? sql`SELECT id, name, user_id FROM lists WHERE id = ANY (${Array.isArray(scope.listIds) ? sql`${arrayLiteral(scope.listIds.map(String))}::int[]` : scope.listIds}) AND list_type = 'investor'`
          : sql`SELECT id, name, user_id FROM lists WHERE list_type = 'investor' AND ${editsList(scope.editorId)}`;
  const since = at(weekAgo);
  /** Their rows, each with what the Round page counts of it, kept on the row. */
  const rowsOf = sql`SELECT li.list_id, li.investor_id, li.type_label, li.added_at, li.stage, li.amount, li.follow_up_on, li.answered_at,
        coalesce(greatest(li.stage_changed_at, li.amount_changed_at), li.added_at) AS amount_changed_at,
        li.round_furthest AS furthest, li.round_contacted AS contacted, li.round_answered AS answered, li.round_answer_at AS answer_at,
        li.round_answer_days AS answer_days, li.round_logged_touch AS logged_touch, li.round_amount_logged AS amount_logged,
        li.round_engaged_last_at AS engaged_last_at, li.round_met_at AS met_at
      FROM list_investors li WHERE li.list_id IN (SELECT id FROM scope)`;
  // A part's rows in one pass, only what a part reads of them.
  if (lean) return sql`scope AS MATERIALIZED (${lists}), fd AS MATERIALIZED (${rowsOf})`;
  return sql`scope AS MATERIALIZED (${lists}), r AS MATERIALIZED (${rowsOf}),
    w AS (
      SELECT t.list_id, t.investor_id,
        count(*) FILTER (WHERE t.kind = 'email_received') AS replies,
        count(*) FILTER (WHERE t.kind = 'meeting') AS meetings
      FROM r JOIN row_touches t ON t.list_id = r.list_id AND t.investor_id = r.investor_id AND t.happened_at >= ${since}
      WHERE r.engaged_last_at >= ${since} AND t.kind IN ('email_received', 'meeting')
      GROUP BY t.list_id, t.investor_id
    ),
    d AS (
      SELECT k.list_id, k.investor_id, max(coalesce(v.last_read_at, v.started_at)) AS last_at,
        coalesce(sum(v.counted_ms) FILTER (WHERE v.started_at >= ${since}), 0) AS ms
      FROM deck_links k JOIN deck_views v ON v.link_id = k.id
      WHERE k.list_id IN (SELECT id FROM scope) AND k.investor_id IS NOT NULL
      GROUP BY k.list_id, k.investor_id
    ),
    g AS (
      SELECT r.*, greatest(r.logged_touch, d.last_at) AS last_touch,
        coalesce(d.ms, 0)::bigint AS deck_ms,
        greatest(coalesce(w.replies, 0), CASE WHEN r.answered_at >= ${since} THEN 1 ELSE 0 END)::int AS replies,
        greatest(coalesce(w.meetings, 0), CASE WHEN r.met_at >= ${since} THEN 1 ELSE 0 END)::int AS meetings
      FROM r
      LEFT JOIN w ON w.list_id = r.list_id AND w.investor_id = r.investor_id
      LEFT JOIN d ON d.list_id = r.list_id AND d.investor_id = r.investor_id
    ),
    fd AS MATERIALIZED (
      SELECT g.*, ${epochMs(sql`g.last_touch`)} AS last_touch_ms, 3 * g.meetings + 2 * g.replies + (g.deck_ms / 60000)::int AS score
      FROM g
    )`;
}

/** Rows (of `fd`) going cold: in an active stage, last touched at or before `coldSince`. */
export const isCold = (coldSince: Date) =>
  sql`(fd.stage IN (${active}) AND fd.last_touch <= ${at(coldSince)})`;

/** Rows (of `fd`) in an active stage. */
export const isActive = sql`(fd.stage IN (${active}))`;

/** Rows (of `fd`) whose follow-up is before `today` (YYYY-MM-DD, in the founder's time zone). */
export const isOverdue = (today: string) => sql`(fd.follow_up_on < ${today}::date)`;

/** Rows (of `fd`) engaged this week. */
export const isEngaged = sql`(fd.deck_ms > 0 OR fd.replies > 0 OR fd.meetings > 0)`;

export const coldOrder = sql`fd.last_touch, fd.list_id, fd.investor_id`;
export const overdueOrder = sql`fd.follow_up_on, fd.list_id, fd.investor_id`;
export const engagedOrder = sql`fd.score DESC, fd.deck_ms DESC, fd.list_id, fd.investor_id`;
