// The Round page's figures summed from lists' kept parts: the medians as percentile_disc(0.5) counts them, the weeks'
// buckets as width_bucket, the panels' rows across lists in the statement's order, and the deck views read fresh.
import { describe, expect, it } from 'vitest';
import type { ListPart } from '../../src/server/modules/round/list-parts.js';
import { finishRound, lowerMedian, mergeRound, type MergeInput } from '../../src/server/modules/round/round-merge.js';
import { latestWeeks } from '../../src/server/modules/round/round-rules.js';

const NOW = new Date('2026-12-02T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (text: string) => Date.parse(`2026-${text}Z`);

function part(fields: Partial<ListPart>): ListPart {
  return {
    rows: 0,
    firstAddedMs: null,
    amounted: [],
    termSheetRows: 0,
    committedRows: 0,
    furthest: [0, 0, 0, 0, 0],
    passed: [0, 0, 0, 0, 0],
    contacted: 0,
    answered: 0,
    days: [],
    byType: new Map(),
    deltas: [],
    active: [],
    followUps: [],
    recent: [],
    since: NOW.getTime() - 7 * DAY,
    ...fields,
  };
}

function input(lists: MergeInput['lists'], extra: Partial<MergeInput> = {}): MergeInput {
  return {
    list_id: null,
    lists,
    decks: [],
    target: null,
    coldDays: 14,
    tz: 'UTC',
    now: NOW,
    weekAgo: new Date(NOW.getTime() - 7 * DAY),
    coldSince: new Date(NOW.getTime() - 14 * DAY),
    today: '2026-12-02',
    weeks: latestWeeks(NOW, 'UTC', 3),
    ...extra,
  };
}

describe('the Round summary summed from kept parts', () => {
  it('takes the lower middle as percentile_disc(0.5) does, whatever the order', () => {
    expect(lowerMedian([])).toBeNull();
    expect(lowerMedian([7])).toBe(7);
    expect(lowerMedian([6, 0, 4, 2])).toBe(2);
    expect(lowerMedian([5, 1, 3])).toBe(3);
    expect(lowerMedian([10, 9, 2, 2, 2, 1])).toBe(2);
  });

  it('counts an investor on several lists once: at her furthest row with an amount, the latest changed, now and week by week', () => {
    const weeks = latestWeeks(NOW, 'UTC', 3);
    const [w0, w1, w2] = weeks.map((week) => week.startsAt);
    // Ann: committed 500 on A in week 0, committed 600 on B in week 1 (changed later): 600 from week 1 on.
    // Bo: a term sheet of 200 on A in week 0, committed 300 on B in week 2: committed, and no longer at term sheet.
    // Cy: a term sheet of 100 on A only.
    const a = part({
      rows: 3,
      firstAddedMs: w0,
      amounted: [[1, 2, 500, w0 + HOUR], [2, 1, 200, w0 + HOUR], [3, 1, 100, w0 + HOUR]],
      deltas: [w0 + HOUR, 1, 0, 500, w0 + HOUR, 2, 200, 0, w0 + HOUR, 3, 100, 0],
    });
    const b = part({
      rows: 2,
      firstAddedMs: w0,
      amounted: [[1, 2, 600, w1 + HOUR], [2, 2, 300, w2 + HOUR]],
      deltas: [w1 + HOUR, 1, 0, 600, w2 + HOUR, 2, 0, 300],
    });
    const merged = mergeRound(input([{ id: 1, name: 'A', part: a }, { id: 2, name: 'B', part: b }], { weeks }));
    expect(merged.summary.committed).toMatchObject({ term_sheet: 100, committed: 900 });
    expect(merged.summary.committed.weeks).toEqual([
      { week: weeks[0].week, term_sheet: 300, committed: 500 },
      { week: weeks[1].week, term_sheet: 300, committed: 600 },
      { week: weeks[2].week, term_sheet: 100, committed: 900 },
    ]);
    // The same rows changed at the same time: the first list says.
    const c = part({ rows: 1, firstAddedMs: w0, amounted: [[1, 2, 700, w0 + HOUR]], deltas: [w0 + HOUR, 1, 0, 700] });
    const tied = mergeRound(input([{ id: 1, name: 'A', part: a }, { id: 3, name: 'C', part: c }], { weeks }));
    expect(tied.summary.committed).toMatchObject({ term_sheet: 300, committed: 500 });
    expect(tied.summary.committed.weeks.at(-1)).toEqual({ week: weeks[2].week, term_sheet: 300, committed: 500 });
  });

  it('adds the lists up: counts, sums, the medians of all their days, and each week from the changes at its start on', () => {
    const weeks = latestWeeks(NOW, 'UTC', 3);
    const a = part({
      rows: 3,
      firstAddedMs: at('11-17T09:00:00'),
      amounted: [[11, 1, 100, weeks[1].startsAt]],
      termSheetRows: 1,
      furthest: [1, 1, 1, 0, 0],
      contacted: 2,
      answered: 1,
      days: [4],
      // A change at the very start of the second week counts in it.
      deltas: [weeks[1].startsAt, 11, 100, 0],
    });
    const b = part({
      rows: 2,
      firstAddedMs: at('11-20T09:00:00'),
      amounted: [[12, 2, 50, weeks[1].startsAt - 1]],
      committedRows: 1,
      furthest: [0, 0, 1, 0, 1],
      passed: [0, 0, 1, 0, 0],
      contacted: 2,
      answered: 2,
      days: [0, 9],
      deltas: [weeks[1].startsAt - 1, 12, 0, 50],
    });
    const merged = mergeRound(input([{ id: 1, name: 'A', part: a }, { id: 2, name: 'B', part: b }], { weeks }));
    expect(merged.summary.rows).toBe(5);
    expect(merged.summary.committed).toMatchObject({ term_sheet: 100, committed: 50, term_sheet_rows: 1, committed_rows: 1 });
    expect(merged.summary.committed.weeks).toEqual([
      { week: weeks[0].week, term_sheet: 0, committed: 50 },
      { week: weeks[1].week, term_sheet: 100, committed: 50 },
      { week: weeks[2].week, term_sheet: 100, committed: 50 },
    ]);
    expect(merged.summary.funnel.stages.map((stage) => stage.reached)).toEqual([5, 4, 3, 1, 1]);
    expect(merged.summary.funnel.passed.map((stage) => stage.count)).toEqual([0, 0, 1, 0, 0]);
    expect(merged.summary.response).toMatchObject({ contacted: 4, answered: 3, median_days: 4 });
    expect(merged.summary.response.by_list).toEqual([
      { list_id: 1, label: 'A', contacted: 2, answered: 1, median_days: 4 },
      { list_id: 2, label: 'B', contacted: 2, answered: 2, median_days: 0 },
    ]);
  });

  it("orders going cold and overdue across lists by time, list and row, with a row's deck read as a touch", () => {
    const old = at('11-01T10:00:00');
    const a = part({
      active: [
        [12, 'contacted', old],
        [11, 'meeting', old + 0.001],
        [13, 'term_sheet', at('11-30T10:00:00')],
      ],
      followUps: [
        [12, 'contacted', '2026-11-30'],
        [11, 'meeting', '2026-12-02'],
      ],
    });
    const b = part({
      active: [
        [5, 'contacted', old],
        [6, 'contacted', old - DAY],
      ],
      followUps: [[5, 'contacted', '2026-11-30']],
    });
    const merged = mergeRound(
      input([{ id: 1, name: 'A', part: a }, { id: 2, name: 'B', part: b }], {
        // Row 6 read its deck yesterday: no longer going cold.
        decks: [{ list_id: 2, investor_id: 6, stage: 'contacted', last_ms: NOW.getTime() - DAY, ms: 0 }],
      }),
    );
    expect(merged.cold.total).toBe(3);
    expect(merged.cold.rows.map((row) => [row.list_id, row.investor_id, row.days])).toEqual([
      [1, 12, 31],
      [2, 5, 31],
      [1, 11, 31],
    ]);
    expect(merged.overdue.total).toBe(2);
    expect(merged.overdue.rows.map((row) => [row.list_id, row.investor_id, row.days])).toEqual([
      [1, 12, 2],
      [2, 5, 2],
    ]);
  });

  it("counts this week's entries from the kept ones, the deck read fresh, and names rows and orders types as the database does", () => {
    const a = part({
      recent: [
        [1, 'meeting', 'meeting', NOW.getTime() - 8 * DAY],
        [1, 'meeting', 'met', NOW.getTime() - 2 * DAY],
        [2, 'contacted', 'reply', NOW.getTime() - DAY],
        [2, 'contacted', 'reply', NOW.getTime() - HOUR],
        [2, 'contacted', 'answered', NOW.getTime() - HOUR],
        [3, 'lead', 'answered', NOW.getTime() - 7 * DAY - 1],
      ],
      byType: new Map([
        ['b', { contacted: 1, answered: 1, days: [3] }],
        ['-', { contacted: 2, answered: 0, days: [] }],
      ]),
    });
    const b = part({
      byType: new Map([
        ['a', { contacted: 1, answered: 1, days: [1] }],
        ['b', { contacted: 1, answered: 0, days: [] }],
      ]),
    });
    const merged = mergeRound(
      input([{ id: 1, name: 'A', part: a }, { id: 2, name: 'B', part: b }], {
        decks: [
          { list_id: 2, investor_id: 9, stage: 'lead', last_ms: NOW.getTime() - HOUR, ms: 150_000 },
          { list_id: 2, investor_id: 8, stage: 'lead', last_ms: NOW.getTime() - 9 * DAY, ms: 0 },
        ],
      }),
    );
    expect(merged.engaged.total).toBe(3);
    const summary = finishRound(merged, new Map([[2, { name: 'Bo Li', firm: 'Li VC' }]]), ['-', 'a', 'b']);
    expect(summary.engaged.rows).toEqual([
      { list_id: 1, list_name: 'A', investor_id: 2, name: 'Bo Li', firm: 'Li VC', stage: 'contacted', deck_ms: 0, replies: 2, meetings: 0 },
      { list_id: 1, list_name: 'A', investor_id: 1, name: '', firm: '', stage: 'meeting', deck_ms: 0, replies: 0, meetings: 1 },
      { list_id: 2, list_name: 'B', investor_id: 9, name: '', firm: '', stage: 'lead', deck_ms: 150_000, replies: 0, meetings: 0 },
    ]);
    expect(summary.response.by_type).toEqual([
      { list_id: null, label: '-', contacted: 2, answered: 0, median_days: null },
      { list_id: null, label: 'b', contacted: 2, answered: 1, median_days: 3 },
      { list_id: null, label: 'a', contacted: 1, answered: 1, median_days: 1 },
    ]);
  });
});
