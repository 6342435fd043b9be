// The Round page (issue 48): GET /api/v1/round/summary and the rows behind each of its figures.
import type { PipelineStage } from './pipeline.js';

/** The stages a row moves through, in order; 'passed' is counted apart (RoundFunnel.passed). */
export const FUNNEL_STAGES = ['lead', 'contacted', 'meeting', 'term_sheet', 'committed'] as const satisfies readonly PipelineStage[];
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** Stages a row is "active" in: a row there with no touch for `cold_days` is going cold. */
export const ACTIVE_STAGES = ['contacted', 'meeting', 'term_sheet'] as const satisfies readonly PipelineStage[];

/** `cold_days`: the default and the range a founder may set. */
export const COLD_DAYS_DEFAULT = 14;
export const COLD_DAYS_MIN = 1;
export const COLD_DAYS_MAX = 365;

/** The longest investor type a figure's rows may be asked for (`type`, GET /round/rows and the list page's ?type=). */
export const INVESTOR_TYPE_MAX = 200;

/** Rows a panel's list answers at most (going cold, overdue, engaged); its `total` says how many there are. */
export const ROUND_PANEL_ROWS_MAX = 50;

/** The stages whose amounts the round sums: a row now at one of them counts its amount there. */
export const AMOUNT_STAGES = ['term_sheet', 'committed'] as const satisfies readonly FunnelStage[];
export type AmountStage = (typeof AMOUNT_STAGES)[number];

/**
 * A figure whose rows the list page can show (GET /api/v1/round/rows?figure=…, and the list page's `?figure=`):
 * `reached:STAGE` every row that reached STAGE (by its activity), `passed:STAGE` rows passed at STAGE, `at:STAGE`
 * rows now at Term sheet or Committed (whose amounts the round sums), `contacted`, `answered`, `cold`, `overdue`,
 * `engaged`.
 */
export type RoundFigure =
  | `reached:${FunnelStage}`
  | `at:${AmountStage}`
  | `passed:${FunnelStage}`
  | 'contacted'
  | 'answered'
  | 'cold'
  | 'overdue'
  | 'engaged';

/** One row named by a panel: enough to show it and open it (`/lists/LIST_ID`, the row INVESTOR_ID). */
export interface RoundRowRef {
  list_id: number;
  list_name: string;
  investor_id: number;
  /** The investor's name and firm, as the list shows them (a private contact's too: the caller may see it). */
  name: string;
  firm: string;
  stage: PipelineStage;
}

export interface RoundWeek {
  /** The Monday the week starts on, YYYY-MM-DD, in the `tz` asked for. */
  week: string;
  /** Sums at the end of that week of the amounts of rows then at Term sheet, and at Committed (whole dollars). */
  term_sheet: number;
  committed: number;
}

export interface RoundFunnelStage {
  stage: FunnelStage;
  /** Rows that reached this stage (a row counts for every stage up to the furthest it reached). */
  reached: number;
  /** reached(next) / reached(this), 0–1; null for the last stage or when none reached this one. */
  conversion: number | null;
}

export interface RoundResponseGroup {
  /** The list's id for a group by list; null for a group by type. */
  list_id: number | null;
  /** The list's name, or the investor type (its vocabulary label; '-' when none). */
  label: string;
  contacted: number;
  answered: number;
  /** Median whole days from first contact to first answer, of those answered; null when none. */
  median_days: number | null;
}

export interface RoundEngagedRow extends RoundRowRef {
  /** This week (the last 7 days): milliseconds read of the deck, replies received, meetings logged or reached. */
  deck_ms: number;
  replies: number;
  meetings: number;
}

export interface RoundColdRow extends RoundRowRef {
  /** ISO time of the row's last touch (mail, note, stage change, deck visit), or its addition when none. */
  last_touch_at: string;
  days: number;
}

export interface RoundOverdueRow extends RoundRowRef {
  follow_up_on: string;
  days: number;
}

/** GET /api/v1/round/summary[?list_id=N][&cold_days=N][&tz=Area/City]: every panel of the Round page. */
export interface RoundSummary {
  /** The one list summed, or null for all the caller's investor lists (her own; a shared list is summed alone). */
  list_id: number | null;
  /** ISO time the figures were computed: the page shows it offline. */
  computed_at: string;
  cold_days: number;
  tz: string;
  /** Rows summed (each investor once per list). */
  rows: number;
  committed: {
    /** The round's target from the startup profile of the list's owner; null when none is set. */
    target: number | null;
    /** The amounts at Term sheet and at Committed, each investor once across the lists (as GET /round counts her). */
    term_sheet: number;
    committed: number;
    /** Rows now at Term sheet, and at Committed: the rows those sums are of. */
    term_sheet_rows: number;
    committed_rows: number;
    /** From the week the first row was added to this week, oldest first (at most 104 weeks: the latest). */
    weeks: RoundWeek[];
  };
  funnel: {
    stages: RoundFunnelStage[];
    /** Rows passed, by the furthest stage they reached before passing (every funnel stage, zeros included). */
    passed: Array<{ stage: FunnelStage; count: number }>;
  };
  response: {
    contacted: number;
    answered: number;
    median_days: number | null;
    by_list: RoundResponseGroup[];
    by_type: RoundResponseGroup[];
  };
  cold: { total: number; rows: RoundColdRow[] };
  overdue: { total: number; rows: RoundOverdueRow[] };
  engaged: { total: number; rows: RoundEngagedRow[] };
}

/**
 * GET /api/v1/round/rows?list_id=N&figure=F[&type=T][&cold_days=N][&tz=…]: the investor ids of that list's rows
 * behind F; with `type`, of investors of that type only (a group of the Response panel by investor type).
 */
export interface RoundFigureRows {
  list_id: number;
  figure: RoundFigure;
  type: string | null;
  investor_ids: number[];
}

/**
 * GET /api/v1/round/rows?figure=F[&type=T][&cold_days=N][&tz=…] without `list_id`: how many rows of each of the
 * caller's own investor lists (those "All lists" sums, in id order, zeros included) are behind F, in one call.
 */
export interface RoundFigureByList {
  list_id: null;
  figure: RoundFigure;
  type: string | null;
  by_list: Array<{ list_id: number; list_name: string; count: number }>;
}
