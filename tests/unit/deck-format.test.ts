import { describe, expect, it } from 'vitest';
import { deckLine, formatReadTime } from '../../src/lib/deck-format.js';
import { formatTimeAgo } from '../../src/lib/format.js';

const now = Date.parse('2026-11-28T12:00:00Z');

describe('deck format', () => {
  it('says time read in seconds, minutes, then hours and minutes', () => {
    expect(formatReadTime(0)).toBe('0 s');
    expect(formatReadTime(44_600)).toBe('45 s');
    expect(formatReadTime(6 * 60_000 + 10_000)).toBe('6 min');
    expect(formatReadTime(65 * 60_000)).toBe('1 h 5 min');
    expect(formatReadTime(120 * 60_000)).toBe('2 h');
  });

  it('says how long ago, short', () => {
    expect(formatTimeAgo('2026-11-28T11:59:30Z', now, { short: true })).toBe('just now');
    expect(formatTimeAgo('2026-11-28T11:55:00Z', now, { short: true })).toBe('5 min ago');
    expect(formatTimeAgo('2026-11-28T09:30:00Z', now, { short: true })).toBe('2 h ago');
    expect(formatTimeAgo('2026-11-25T12:00:00Z', now, { short: true })).toBe('3 d ago');
  });

  it('says a link read, or not yet', () => {
    expect(deckLine({ last_visit_at: '2026-11-28T10:00:00Z', total_ms: 360_000, pages_reached: 12, page_count: 14 }, now)).toBe(
      'viewed 2 h ago · 6 min · 12/14 pages',
    );
    expect(deckLine({ last_visit_at: null, total_ms: 0, pages_reached: 0, page_count: 14 }, now)).toBe('Not viewed yet');
  });
});
