import { describe, expect, it } from 'vitest';
import { engagement } from '../../src/features/round/components/EngagedPanel.js';
import {
  breakdownByList,
  coldDaysParam,
  figureChipText,
  figureLabel,
  figureSearch,
  roundFigure,
} from '../../src/features/round/round-figures.js';
import { asOfLabel, compactUsd, formatDays, formatShare, weekLabel } from '../../src/features/round/round-format.js';

describe('round figures', () => {
  it('reads a figure from the URL, every kind the contract names and nothing else', () => {
    for (const figure of ['reached:lead', 'reached:committed', 'passed:meeting', 'at:term_sheet', 'at:committed', 'contacted', 'answered', 'cold', 'overdue', 'engaged']) {
      expect(roundFigure(figure)).toBe(figure);
    }
    for (const value of ['reached:passed', 'passed:', 'at:meeting', 'at:', 'reached', 'reached:meeting:x', 'Cold', '', 3, null, undefined, ['cold']]) {
      expect(roundFigure(value)).toBeUndefined();
    }
  });

  it('names the rows behind each figure, and the chip over a list filtered by one', () => {
    expect(figureLabel('reached:meeting')).toBe('Reached Meeting');
    expect(figureLabel('passed:term_sheet')).toBe('Passed at Term sheet');
    expect(figureLabel('at:committed')).toBe('Now at Committed');
    expect(figureLabel('cold')).toBe('Going cold');
    expect(figureLabel('overdue')).toBe('Follow-up overdue');
    expect(figureLabel('engaged')).toBe('Engaged this week');
    expect(figureChipText('reached:meeting', 12)).toBe('Reached Meeting · 12 rows');
    expect(figureChipText('cold', 1)).toBe('Going cold · 1 row');
    expect(figureChipText('contacted', 1200)).toBe('Contacted · 1,200 rows');
  });

  it('keeps cold_days in the URL only when in range and not the default, and only for the cold figure', () => {
    expect(coldDaysParam('21')).toBe(21);
    expect(coldDaysParam(7)).toBe(7);
    expect(coldDaysParam(14)).toBeUndefined();
    for (const value of ['0', '366', '2.5', 'x', '', ' ', null, undefined]) expect(coldDaysParam(value)).toBeUndefined();
    expect(figureSearch('cold', 21)).toEqual({ figure: 'cold', cold_days: 21 });
    expect(figureSearch('cold', 14)).toEqual({ figure: 'cold' });
    expect(figureSearch('reached:meeting', 21)).toEqual({ figure: 'reached:meeting' });
  });

  it('breaks a figure of all lists down by list: those with rows, most first, then by name', () => {
    const lists = [
      { id: 1, name: 'Seed' },
      { id: 2, name: 'Angels' },
      { id: 3, name: 'Funds' },
      { id: 4, name: 'Later' },
    ];
    expect(breakdownByList(lists, [3, 3, 0, undefined])).toEqual([
      { id: 2, name: 'Angels', count: 3 },
      { id: 1, name: 'Seed', count: 3 },
    ]);
    expect(breakdownByList(lists, [1, 5, 2, 0]).map((share) => share.id)).toEqual([2, 3, 1]);
    expect(breakdownByList([], [])).toEqual([]);
  });
});

describe('round format', () => {
  it('writes shares, days, weeks and short dollars', () => {
    expect(formatShare(0.5)).toBe('50%');
    expect(formatShare(2 / 3)).toBe('67%');
    expect(formatShare(null)).toBe('-');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(0)).toBe('0 days');
    expect(formatDays(null)).toBe('-');
    expect(weekLabel('2026-11-23')).toBe('Nov 23');
    expect(weekLabel('2027-01-04')).toBe('Jan 4');
    expect(compactUsd(950)).toBe('$950');
    expect(compactUsd(25_000)).toBe('$25k');
    expect(compactUsd(1_500_000)).toBe('$1.5M');
    expect(compactUsd(2_000_000)).toBe('$2M');
  });

  it('says when the figures were computed: the time today, with the date another day', () => {
    const now = new Date(2026, 10, 28, 15, 0);
    expect(asOfLabel(new Date(2026, 10, 28, 9, 5).toISOString(), now)).toBe('09:05');
    expect(asOfLabel(new Date(2026, 10, 27, 23, 59).toISOString(), now)).toBe('Nov 27, 23:59');
  });

  it("says what an engaged investor did this week, leaving out what they did not", () => {
    expect(engagement({ deck_ms: 245_000, replies: 2, meetings: 1 })).toBe('4 min read · 2 replies · 1 meeting');
    expect(engagement({ deck_ms: 0, replies: 1, meetings: 0 })).toBe('1 reply');
    expect(engagement({ deck_ms: 30_000, replies: 0, meetings: 3 })).toBe('30 s read · 3 meetings');
  });
});
