import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { NothingBehindFigure } from '@/features/round/components/NothingBehindFigure';

describe('NothingBehindFigure', () => {
  it('names the figure, and its investor type when the figure is one type’s', () => {
    const { rerender } = render(<NothingBehindFigure figure="contacted" type="Angel" pending={false} />);
    screen.getByText('No row of this list is behind “Contacted · Angel” now. Remove the filter to see every row.');
    rerender(<NothingBehindFigure figure="reached:meeting" type="Angel" pending />);
    screen.getByText('Finding the rows: Reached Meeting · Angel…');
    rerender(<NothingBehindFigure figure="cold" pending={false} />);
    expect(screen.getByText(/^No row of this list is behind/).textContent).toContain('“Going cold”');
  });
});
