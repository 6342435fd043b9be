import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CommittedChart } from '@/features/round/components/RoundCharts';

const week = (day: string, term_sheet: number, committed: number) => ({ week: day, term_sheet, committed });

describe('CommittedChart', () => {
  it('marks a round’s only week (a line draws nothing of one point), and draws lines without marks from two weeks on', () => {
    const { container, rerender } = render(<CommittedChart width={320} weeks={[week('2026-11-23', 250_000, 250_000)]} target={null} />);
    expect(container.querySelectorAll('.MuiLineChart-mark')).toHaveLength(2);
    rerender(<CommittedChart width={320} weeks={[week('2026-11-16', 0, 100_000), week('2026-11-23', 250_000, 250_000)]} target={null} />);
    expect(container.querySelectorAll('.MuiLineChart-mark')).toHaveLength(0);
    expect(container.querySelectorAll('.MuiLineChart-area').length).toBeGreaterThan(0);
  });
});
