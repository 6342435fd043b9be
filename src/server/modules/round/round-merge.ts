// The Round page's figures summed from each list's kept part (list-parts.ts) and its deck links' views (read fresh:
// a reader's beacons write no list event), with the clock's cuts made here: going cold, overdue, this week's
// engagement and the weekly chart's weeks. Figures as the one statement over every row counted them before.
import { ROUND_PANEL_ROWS_MAX, type RoundRowRef, type RoundSummary } from '../../../shared/round-summary.js';
import type { PipelineStage } from '../../../shared/pipeline.js';
import { daysBetween } from '../../../shared/days.js';
import type { ListPart, ResponsePart } from './list-parts.js';
import { funnelStages, passedStages, weeklySums, wholeDaysSince } from './round-rules.js';

/** The views of a deck link made for a row on a list: the last read (ms), and ms read since the week's start. */
export interface DeckRead {
  list_id: number;
  investor_id: number;
  stage: PipelineStage;
  last_ms: number;
  ms: number;
}

export interface MergeInput {
  list_id: number | null;
  lists: ReadonlyArray<{ id: number; name: string; part: ListPart }>;
  decks: readonly DeckRead[];
  target: number | null;
  coldDays: number;
  tz: string;
  now: Date;
  weekAgo: Date;
  coldSince: Date;
  today: string;
  weeks: Array<{ week: string; startsAt: number }>;
}

/** A panel's row before its investor is named. */
type Unnamed<T> = Omit<RoundRowRef, 'name' | 'firm'> & T;

/** The summary but for the investors' names and the order of the groups by type, which the database gives. */
export interface MergedRound {
  summary: Omit<RoundSummary, 'cold' | 'overdue' | 'engaged'>;
  cold: {
    total: number;
    rows: Array<Unnamed<{ last_touch_ms: number; days: number }>>;
  };
  overdue: {
    total: number;
    rows: Array<Unnamed<{ follow_up_on: string; days: number }>>;
  };
  engaged: {
    total: number;
    rows: Array<Unnamed<{ deck_ms: number; replies: number; meetings: number }>>;
  };
  /** The groups by type, unordered (contacted, then the label in the database's collation). */
  byType: Array<{ label: string } & ResponsePart>;
}

/** percentile_disc(0.5): the lower middle of the days, null when none. */
export function lowerMedian(days: readonly number[]): number | null {
  if (days.length === 0) return null;
  const sorted = [...days].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(0.5 * sorted.length)) - 1];
}

const key = (listId: number, investorId: number) => `${listId}:${investorId}`;

/** How many of the sorted `starts` are at or before `at`: width_bucket's bucket. */
function bucketOf(at: number, starts: readonly number[]): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (starts[mid] <= at) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** An investor's row at Term sheet (1) or Committed (2) with an amount, and when its stage or amount last changed. */
interface AmountAt {
  listId: number;
  stage: number;
  amount: number;
  changed: number;
}

/**
 * Whether `a` says an investor's amount rather than `b`, when she is on several lists: an investor committing once
 * is one commitment, so she counts once, at the furthest of her rows with an amount (Committed, then Term sheet),
 * as the latest changed of those says, then the first list (GET /round counts her so too).
 */
export const countsBefore = (a: AmountAt, b: AmountAt) =>
  a.stage !== b.stage ? a.stage > b.stage : a.changed !== b.changed ? a.changed > b.changed : a.listId < b.listId;

/** A row's changes of its term-sheet and committed amounts: at (ms), term sheet, committed; flat. */
interface RowSteps {
  listId: number;
  steps: number[];
}

/**
 * The changes of one investor's term-sheet and committed amounts (at, term sheet, committed; flat, none zero) from
 * those of her rows on several lists, as countsBefore counts her at each moment (a row's last change is when its
 * amounts last changed).
 */
export function onceAcrossLists(rows: readonly RowSteps[]): number[] {
  const moves: Array<[at: number, row: number, termSheet: number, committed: number]> = [];
  rows.forEach((row, r) => {
    for (let i = 0; i < row.steps.length; i += 3) moves.push([row.steps[i], r, row.steps[i + 1], row.steps[i + 2]]);
  });
  moves.sort((a, b) => a[0] - b[0] || rows[a[1]].listId - rows[b[1]].listId);
  const now = rows.map((row) => ({ listId: row.listId, termSheet: 0, committed: 0, changed: -Infinity }));
  const out: number[] = [];
  let termSheet = 0;
  let committed = 0;
  for (const [at, r, dTermSheet, dCommitted] of moves) {
    now[r].termSheet += dTermSheet;
    now[r].committed += dCommitted;
    now[r].changed = at;
    let best: AmountAt | null = null;
    for (const row of now) {
      const stage = row.committed > 0 ? 2 : row.termSheet > 0 ? 1 : 0;
      if (stage === 0) continue;
      const candidate = { listId: row.listId, stage, amount: stage === 2 ? row.committed : row.termSheet, changed: row.changed };
      if (best === null || countsBefore(candidate, best)) best = candidate;
    }
    const nextTermSheet = best?.stage === 1 ? best.amount : 0;
    const nextCommitted = best?.stage === 2 ? best.amount : 0;
    if (nextTermSheet !== termSheet || nextCommitted !== committed) out.push(at, nextTermSheet - termSheet, nextCommitted - committed);
    termSheet = nextTermSheet;
    committed = nextCommitted;
  }
  return out;
}

/** The first ROUND_PANEL_ROWS_MAX of `rows` in `order`. */
const firstRows = <T>(rows: T[], order: (a: T, b: T) => number) => rows.sort(order).slice(0, ROUND_PANEL_ROWS_MAX);

export function mergeRound(input: MergeInput): MergedRound {
  const { lists, now } = input;
  const names = new Map(lists.map((list) => [list.id, list.name]));
  const decks = new Map(input.decks.map((read) => [key(read.list_id, read.investor_id), read]));
  const weekAgo = input.weekAgo.getTime();
  const coldSince = input.coldSince.getTime();
  const starts = input.weeks.map((week) => week.startsAt);

  let rows = 0;
  let firstAdded: number | null = null;
  let termSheet = 0;
  let committed = 0;
  let termSheetRows = 0;
  let committedRows = 0;
  const furthest = [0, 0, 0, 0, 0];
  const passed = [0, 0, 0, 0, 0];
  let contacted = 0;
  let answered = 0;
  const days: number[] = [];
  const byType = new Map<string, ResponsePart>();
  const changes = new Map<number, { term_sheet: number; committed: number }>();
  // Her rows at Term sheet or Committed with an amount, and each row's changes of amounts, by investor.
  const amounted = new Map<number, AmountAt[]>();
  const histories = new Map<number, RowSteps[]>();
  // Every row going cold and overdue, as [time or day, list, row, stage]: only the first ROUND_PANEL_ROWS_MAX of each
  // made a panel's row.
  const cold: Array<[number, number, number, PipelineStage]> = [];
  const overdue: Array<[string, number, number, PipelineStage]> = [];
  const engaged = new Map<
    string,
    {
      ref: Omit<RoundRowRef, 'name' | 'firm'>;
      deck_ms: number;
      replies: number;
      meetings: number;
      answered: boolean;
      met: boolean;
    }
  >();
  const byList: RoundSummary['response']['by_list'] = [];

  const engagement = (listId: number, investorId: number, stage: PipelineStage) => {
    const k = key(listId, investorId);
    let row = engaged.get(k);
    if (!row) {
      row = {
        ref: {
          list_id: listId,
          list_name: names.get(listId)!,
          investor_id: investorId,
          stage,
        },
        deck_ms: 0,
        replies: 0,
        meetings: 0,
        answered: false,
        met: false,
      };
      engaged.set(k, row);
    }
    return row;
  };

  for (const { id, name, part } of lists) {
    rows += part.rows;
    if (part.firstAddedMs !== null && (firstAdded === null || part.firstAddedMs < firstAdded))
      firstAdded = part.firstAddedMs;
    for (const [investorId, stage, amount, changed] of part.amounted) {
      const row = { listId: id, stage, amount, changed };
      const rows = amounted.get(investorId);
      if (rows) rows.push(row);
      else amounted.set(investorId, [row]);
    }
    termSheetRows += part.termSheetRows;
    committedRows += part.committedRows;
    part.furthest.forEach((n, i) => (furthest[i] += n));
    part.passed.forEach((n, i) => (passed[i] += n));
    contacted += part.contacted;
    answered += part.answered;
    days.push(...part.days);
    byList.push({
      list_id: id,
      label: name,
      contacted: part.contacted,
      answered: part.answered,
      median_days: lowerMedian(part.days),
    });
    for (const [label, group] of part.byType) {
      const sum = byType.get(label);
      if (sum) {
        sum.contacted += group.contacted;
        sum.answered += group.answered;
        sum.days.push(...group.days);
      } else
        byType.set(label, {
          contacted: group.contacted,
          answered: group.answered,
          days: [...group.days],
        });
    }
    for (let i = 0; i < part.deltas.length; i += 4) {
      const investorId = part.deltas[i + 1];
      let rows = histories.get(investorId);
      if (!rows) histories.set(investorId, (rows = []));
      // Each row's changes come one after another: a new row is a new list.
      let row = rows.at(-1);
      if (row?.listId !== id) rows.push((row = { listId: id, steps: [] }));
      row.steps.push(part.deltas[i], part.deltas[i + 2], part.deltas[i + 3]);
    }
    for (const [investorId, stage, logged] of part.active) {
      const read = decks.size === 0 ? undefined : decks.get(key(id, investorId));
      const lastTouch = read && read.last_ms > logged ? read.last_ms : logged;
      if (lastTouch <= coldSince) cold.push([lastTouch, id, investorId, stage]);
    }
    for (const [investorId, stage, day] of part.followUps) {
      if (day < input.today) overdue.push([day, id, investorId, stage]);
    }
    for (const [investorId, stage, kind, at] of part.recent) {
      if (at < weekAgo) continue;
      const row = engagement(id, investorId, stage);
      if (kind === 'reply') row.replies += 1;
      else if (kind === 'meeting') row.meetings += 1;
      else if (kind === 'answered') row.answered = true;
      else row.met = true;
    }
  }
  for (const read of input.decks)
    if (read.ms > 0 && names.has(read.list_id)) engagement(read.list_id, read.investor_id, read.stage).deck_ms = read.ms;
  // Each investor once, however many of the lists hold her: her amount now, and its changes week by week.
  for (const rows of amounted.values()) {
    const row = rows.reduce((best, next) => (countsBefore(next, best) ? next : best));
    if (row.stage === 2) committed += row.amount;
    else termSheet += row.amount;
  }
  for (const rows of histories.values()) {
    const steps = rows.length === 1 ? rows[0].steps : onceAcrossLists(rows);
    for (let i = 0; i < steps.length; i += 3) {
      const bucket = bucketOf(steps[i], starts);
      const change = changes.get(bucket) ?? { term_sheet: 0, committed: 0 };
      change.term_sheet += steps[i + 1];
      change.committed += steps[i + 2];
      changes.set(bucket, change);
    }
  }

  const engagedRows = [...engaged.values()].flatMap(
    ({ ref, deck_ms, replies, meetings, answered: answeredNow, met }) => {
      const row = {
        ...ref,
        deck_ms,
        replies: Math.max(replies, answeredNow ? 1 : 0),
        meetings: Math.max(meetings, met ? 1 : 0),
      };
      return row.deck_ms > 0 || row.replies > 0 || row.meetings > 0
        ? [
            {
              row,
              score: 3 * row.meetings + 2 * row.replies + Math.trunc(row.deck_ms / 60_000),
            },
          ]
        : [];
    },
  );
  const byPlace = (a: { list_id: number; investor_id: number }, b: { list_id: number; investor_id: number }) =>
    a.list_id - b.list_id || a.investor_id - b.investor_id;
  const ref = (listId: number, investorId: number, stage: PipelineStage) => ({
    list_id: listId,
    list_name: names.get(listId)!,
    investor_id: investorId,
    stage,
  });

  return {
    summary: {
      list_id: input.list_id,
      computed_at: now.toISOString(),
      cold_days: input.coldDays,
      tz: input.tz,
      rows,
      committed: {
        target: input.target,
        term_sheet: termSheet,
        committed,
        term_sheet_rows: termSheetRows,
        committed_rows: committedRows,
        weeks: weeklySums(input.weeks, changes, firstAdded),
      },
      funnel: { stages: funnelStages(furthest), passed: passedStages(passed) },
      response: {
        contacted,
        answered,
        median_days: lowerMedian(days),
        by_list: byList,
        by_type: [],
      },
    },
    cold: {
      total: cold.length,
      rows: firstRows(cold, (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]).map(([at, listId, investorId, stage]) => ({
        ...ref(listId, investorId, stage),
        last_touch_ms: at,
        days: wholeDaysSince(at, now),
      })),
    },
    overdue: {
      total: overdue.length,
      rows: firstRows(overdue, (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2])).map(
        ([day, listId, investorId, stage]) => ({ ...ref(listId, investorId, stage), follow_up_on: day, days: daysBetween(day, input.today) }),
      ),
    },
    engaged: {
      total: engagedRows.length,
      rows: firstRows(
        engagedRows,
        (a, b) => b.score - a.score || b.row.deck_ms - a.row.deck_ms || byPlace(a.row, b.row),
      ).map(({ row }) => row),
    },
    byType: [...byType].map(([label, group]) => ({ label, ...group })),
  };
}

/** The summary, its panels' investors named and its groups by type in order (`labels`: the database's order). */
export function finishRound(
  merged: MergedRound,
  named: ReadonlyMap<number, { name: string; firm: string }>,
  labels: readonly string[],
): RoundSummary {
  const rank = new Map(labels.map((label, i) => [label, i]));
  const name = <T extends { investor_id: number }>(row: T) => ({
    ...row,
    name: named.get(row.investor_id)?.name ?? '',
    firm: named.get(row.investor_id)?.firm ?? '',
  });
  const byType = [...merged.byType]
    .sort((a, b) => b.contacted - a.contacted || rank.get(a.label)! - rank.get(b.label)!)
    .map((group) => ({
      list_id: null,
      label: group.label,
      contacted: group.contacted,
      answered: group.answered,
      median_days: lowerMedian(group.days),
    }));
  return {
    ...merged.summary,
    response: { ...merged.summary.response, by_type: byType },
    cold: {
      total: merged.cold.total,
      rows: merged.cold.rows.map(({ last_touch_ms, ...row }) => ({
        ...name(row),
        last_touch_at: new Date(last_touch_ms).toISOString(),
      })),
    },
    overdue: {
      total: merged.overdue.total,
      rows: merged.overdue.rows.map(name),
    },
    engaged: {
      total: merged.engaged.total,
      rows: merged.engaged.rows.map(name),
    },
  };
}
