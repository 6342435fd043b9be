// The fundraising pipeline on a list's rows: its stages and what the API answers of it.
import type { ListType } from './api-types.js';
import { addDays } from './days.js';
import type { ListRole, Person } from './teams.js';
import type { RowDeck } from './decks.js';

/** In the order a conversation moves; new rows start at the first. */
export const PIPELINE_STAGES = ['lead', 'contacted', 'meeting', 'term_sheet', 'committed', 'passed'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

export const PIPELINE_STAGE_LABELS: Record<PipelineStage, string> = {
  lead: 'Lead',
  contacted: 'Contacted',
  meeting: 'Meeting',
  term_sheet: 'Term sheet',
  committed: 'Committed',
  passed: 'Passed',
};

export const NOTE_MAX_LENGTH = 2000;
/** Notes one row of a list may hold. */
export const NOTES_PER_ROW_MAX = 500;
/** Notes one read of a row's notes answers: `limit`'s default and its most. */
export const NOTES_PAGE_DEFAULT = 100;
export const NOTES_PAGE_MAX = 500;

export interface PipelineNote {
  id: number;
  body: string;
  /** ISO time. */
  created_at: string;
  /** Who wrote it (null once their account is deleted); each member deletes only their own. */
  author: Person | null;
}

/** A list row's place in the raise, carried by every item of GET /api/v1/lists/{id}/items. */
export interface Pipeline {
  stage: PipelineStage;
  /** YYYY-MM-DD, or null when none is set. */
  follow_up_on: string | null;
  /** Whole US dollars, or null. */
  amount: number | null;
  note_count: number;
  latest_note: PipelineNote | null;
  /** ISO time of the last stage, follow-up or amount change (or of the addition, before any). */
  updated_at: string;
  /** Who made that change (or added the row); null when unknown (before sharing came, or a deleted account). */
  updated_by: Person | null;
  /** ISO time of the latest touch: a mail captured either way, or a call, meeting or message logged; null while none. */
  last_contacted_at: string | null;
  /** ISO time the investor last answered (a reply captured, or a touch logged as an answer); null while none. */
  answered_at: string | null;
  /** The deck link of this row read most lately (issue 47); null while none was read, and on a fund's row. */
  deck: RowDeck | null;
}

/** Where a row stands before the server has it (a row added offline): at the first stage, nothing set. */
export function newPipeline(now = new Date()): Pipeline {
  return {
    stage: 'lead',
    follow_up_on: null,
    amount: null,
    note_count: 0,
    latest_note: null,
    updated_at: now.toISOString(),
    updated_by: null,
    last_contacted_at: null,
    answered_at: null,
    deck: null,
  };
}

/** The body of PATCH /api/v1/lists/{id}/investors/{investorId} (and …/funds/{fundId}): any of the three. */
export interface PipelinePatch {
  stage?: PipelineStage;
  follow_up_on?: string | null;
  amount?: number | null;
  /** ISO time the change was made on the device; the later of two changes to a row wins. */
  changed_at?: string;
}

export type PipelineField = 'stage' | 'follow_up_on' | 'amount';

/** What PATCH answers: the row's pipeline as it now stands, and which of the sent fields a later change
 * (from another device) kept instead of the one sent. Last change wins per field, by `changed_at`. */
export interface PipelinePatchResult {
  pipeline: Pipeline;
  superseded: PipelineField[];
}

/** The follow-up windows: before today, today, and the FOLLOW_UP_WEEK_DAYS days after it. */
export const FOLLOW_UP_DUE = ['overdue', 'today', 'week'] as const;
export type FollowUpDue = (typeof FOLLOW_UP_DUE)[number];

/** How far ahead "the next 7 days" reaches. */
export const FOLLOW_UP_WEEK_DAYS = 7;

/** When a follow-up date is due, seen from `today` (both YYYY-MM-DD); null when it is further away. */
export function dueOn(followUpOn: string, today: string): FollowUpDue | null {
  if (followUpOn < today) return 'overdue';
  if (followUpOn === today) return 'today';
  return followUpOn <= addDays(today, FOLLOW_UP_WEEK_DAYS) ? 'week' : null;
}

/** A row of GET /api/v1/follow-ups. */
export interface FollowUpRow {
  list_id: number;
  list_name: string;
  list_type: ListType;
  /** The investor's or fund's id. */
  item_id: number;
  /** The investor's "first last", or the fund's firm name. */
  name: string;
  firm_name: string;
  due: FollowUpDue;
  pipeline: Pipeline;
}

/** An entry of GET /api/v1/investors/{id}/lists (and /api/v1/funds/{id}/lists): each of the user's lists
 * holding that investor or fund, with its pipeline there. Feeds the detail page's pipeline panel. */
export interface ListMembership {
  list_id: number;
  list_name: string;
  /** The caller's role on that list: a viewer's panel changes nothing. */
  role: ListRole;
  pipeline: Pipeline;
}
