import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Badge, badgeColor, ExpandableBadgeList, NEUTRAL_BADGE } from '@/components/Badge';
import { FIRM_TYPES, STAGES } from '@/shared/vocabularies';

describe('badgeColor', () => {
  it('gives the values of a vocabulary distinct colours', () => {
    const colours = FIRM_TYPES.map((type) => badgeColor(FIRM_TYPES, type).bg);
    expect(new Set(colours).size).toBe(FIRM_TYPES.length);
    expect(colours).not.toContain(NEUTRAL_BADGE.bg);
  });
  it('gives values outside the vocabulary the neutral colour', () => {
    expect(badgeColor(FIRM_TYPES, 'Family Office')).toEqual(NEUTRAL_BADGE);
    expect(badgeColor(undefined, 'Anything')).toEqual(NEUTRAL_BADGE);
  });
});

describe('Badge', () => {
  it('renders the value in its colour', () => {
    render(<Badge value="Seed" vocabulary={STAGES} />);
    const badge = screen.getByText('Seed');
    expect(badge).toHaveStyle({ backgroundColor: badgeColor(STAGES, 'Seed').bg });
  });
});

describe('ExpandableBadgeList', () => {
  it('shows 3 values, then +N more that expands all', async () => {
    render(<ExpandableBadgeList values={['Seed', 'Startup', 'Early Stage', 'Expansion', 'PIPE']} vocabulary={STAGES} />);
    expect(screen.getByText('Early Stage')).toBeInTheDocument();
    expect(screen.queryByText('Expansion')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '+2 more' }));
    expect(screen.getByText('Expansion')).toBeInTheDocument();
    expect(screen.getByText('PIPE')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /more/ })).not.toBeInTheDocument();
  });
  it('shows up to 3 values without a link, and - for none', () => {
    const { container, rerender } = render(<ExpandableBadgeList values={['Seed', 'Startup', 'PIPE']} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<ExpandableBadgeList values={[]} />);
    expect(container).toHaveTextContent('-');
  });
});
