// The Round page's counting rules (src/server/modules/round/round-rules.ts): days and Mondays in a founder's time
// zone across daylight saving, the committed chart's weekly sums, the funnel from each row's furthest stage, and
// the cold rule's edge.
import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  coldSince,
  dayIn,
  funnelStages,
  latestWeeks,
  mondayOf,
  passedStages,
  startOfDay,
  weeklySums,
  wholeDaysSince,
} from '../../src/server/modules/round/round-rules.js';

const utc = (text: string) => new Date(text).getTime();
const isoOf = (ms: number) => new Date(ms).toISOString();

describe('time zones', () => {
  it('knows an IANA zone by its canonical name and refuses what is none', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });

  it('puts an instant on the day its zone is in', () => {
    const at = utc('2026-11-22T23:30:00Z');
    expect(dayIn(at, 'UTC')).toBe('2026-11-22');
    expect(dayIn(at, 'Europe/Berlin')).toBe('2026-11-23');
    expect(dayIn(at, 'America/Los_Angeles')).toBe('2026-11-22');
    expect(dayIn(utc('2026-12-02T12:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-12-03');
  });

  it("begins a day at its local midnight, across daylight saving's changes", () => {
    expect(isoOf(startOfDay('2026-03-29', 'Europe/Berlin'))).toBe('2026-03-28T23:00:00.000Z');
    expect(isoOf(startOfDay('2026-03-30', 'Europe/Berlin'))).toBe('2026-03-29T22:00:00.000Z');
    expect(isoOf(startOfDay('2026-10-25', 'Europe/Berlin'))).toBe('2026-10-24T22:00:00.000Z');
    expect(isoOf(startOfDay('2026-10-26', 'Europe/Berlin'))).toBe('2026-10-25T23:00:00.000Z');
    expect(isoOf(startOfDay('2026-03-08', 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(isoOf(startOfDay('2026-01-01', 'Asia/Kolkata'))).toBe('2025-12-31T18:30:00.000Z');
  });

  it('begins a day whose midnight the clocks skip at the jump', () => {
    // Chile moves from 24:00 on Saturday to 01:00 on Sunday.
    expect(isoOf(startOfDay('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
    expect(isoOf(startOfDay('2026-09-05', 'America/Santiago'))).toBe('2026-09-05T04:00:00.000Z');
  });
});

describe('weeks', () => {
  it('finds the Monday of a week', () => {
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2026-12-02')).toBe('2026-11-30');
    expect(mondayOf('2026-12-06')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });

  it("answers the latest weeks up to now's, each from its Monday's local midnight", () => {
    expect(latestWeeks(new Date('2026-04-01T12:00:00Z'), 'Europe/Berlin', 3).map(({ week, startsAt }) => [week, isoOf(startsAt)])).toEqual([
      ['2026-03-16', '2026-03-15T23:00:00.000Z'],
      ['2026-03-23', '2026-03-22T23:00:00.000Z'],
      ['2026-03-30', '2026-03-29T22:00:00.000Z'],
    ]);
    // Sunday night in UTC is already Monday in Berlin.
    const sundayNight = new Date('2026-11-29T23:30:00Z');
    expect(latestWeeks(sundayNight, 'UTC', 1)[0].week).toBe('2026-11-23');
    expect(latestWeeks(sundayNight, 'Europe/Berlin', 1)[0].week).toBe('2026-11-30');
    expect(latestWeeks(sundayNight, 'Europe/Berlin')).toHaveLength(104);
  });

  it('sums the changes up to the end of each week, from the week of the first addition', () => {
    const weeks = latestWeeks(new Date('2026-12-02T12:00:00Z'), 'UTC', 4);
    const changes = new Map([
      [0, { term_sheet: 100, committed: 0 }],
      [2, { term_sheet: 250, committed: 0 }],
      [4, { term_sheet: -250, committed: 500 }],
    ]);
    expect(weeklySums(weeks, changes, utc('2026-11-17T09:00:00Z'))).toEqual([
      { week: '2026-11-16', term_sheet: 350, committed: 0 },
      { week: '2026-11-23', term_sheet: 350, committed: 0 },
      { week: '2026-11-30', term_sheet: 100, committed: 500 },
    ]);
    // A first addition before the weeks shown: every week, the earlier changes summed into the first.
    expect(weeklySums(weeks, changes, utc('2020-01-01T00:00:00Z'))[0]).toEqual({ week: '2026-11-09', term_sheet: 100, committed: 0 });
    expect(weeklySums(weeks, changes, null)).toEqual([]);
  });
});

describe('the funnel', () => {
  it('counts a row for every stage up to its furthest, and converts each stage to the next', () => {
    // Furthest: 2 at Lead, 3 at Contacted, 1 at Meeting, none at Term sheet, 1 Committed.
    expect(funnelStages([2, 3, 1, 0, 1])).toEqual([
      { stage: 'lead', reached: 7, conversion: 5 / 7 },
      { stage: 'contacted', reached: 5, conversion: 2 / 5 },
      { stage: 'meeting', reached: 2, conversion: 1 / 2 },
      { stage: 'term_sheet', reached: 1, conversion: 1 },
      { stage: 'committed', reached: 1, conversion: null },
    ]);
  });

  it('has no conversion from a stage no row reached', () => {
    expect(funnelStages([0, 0, 0, 0, 0]).map((stage) => stage.conversion)).toEqual([null, null, null, null, null]);
    expect(funnelStages([4, 0, 0, 0, 0]).map((stage) => stage.conversion)).toEqual([0, null, null, null, null]);
  });

  it('lists the rows passed at every stage, zeros kept', () => {
    expect(passedStages([0, 2, 0, 1, 0])).toEqual([
      { stage: 'lead', count: 0 },
      { stage: 'contacted', count: 2 },
      { stage: 'meeting', count: 0 },
      { stage: 'term_sheet', count: 1 },
      { stage: 'committed', count: 0 },
    ]);
  });
});

describe('going cold', () => {
  const now = new Date('2026-12-02T12:00:00Z');

  it('is cold from exactly cold_days whole days after the last touch', () => {
    expect(coldSince(now, 14).toISOString()).toBe('2026-11-18T12:00:00.000Z');
    expect(wholeDaysSince(utc('2026-11-18T12:00:00Z'), now)).toBe(14);
    expect(wholeDaysSince(utc('2026-11-18T12:00:01Z'), now)).toBe(13);
    expect(wholeDaysSince(utc('2026-12-02T11:59:59Z'), now)).toBe(0);
  });

  it('counts days as 24 hours, whatever the clocks did meanwhile', () => {
    const afterChange = new Date('2026-10-26T12:00:00Z');
    expect(wholeDaysSince(utc('2026-10-24T12:00:00Z'), afterChange)).toBe(2);
    expect(coldSince(afterChange, 2).toISOString()).toBe('2026-10-24T12:00:00.000Z');
  });
});
