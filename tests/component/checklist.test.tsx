import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checklist } from '@/components/Checklist';
import type { OptionItem } from '@/shared/api-types';

const cities: OptionItem[] = Array.from({ length: 23 }, (_, i) => ({ label: `City ${i + 1}`, value: `city-${i + 1}` }));

function Harness({ options, single = false }: { options: OptionItem[]; single?: boolean }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <Checklist title="City" options={options} value={value} onChange={setValue} single={single} />
      <output aria-label="value">{value.join(',')}</output>
    </>
  );
}

const visibleOptions = () => within(screen.getByRole('group')).getAllByRole('checkbox');

describe('Checklist', () => {
  it('shows 5 options, then 10 more per click until all are shown', async () => {
    render(<Harness options={cities} />);
    expect(visibleOptions()).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: 'Show 10 more' }));
    expect(visibleOptions()).toHaveLength(15);
    await userEvent.click(screen.getByRole('button', { name: 'Show 10 more' }));
    expect(visibleOptions()).toHaveLength(23);
    expect(screen.queryByRole('button', { name: 'Show 10 more' })).not.toBeInTheDocument();
  });

  it('has a search box only with more than 5 options', () => {
    const { unmount } = render(<Harness options={cities.slice(0, 5)} />);
    expect(screen.queryByRole('textbox', { name: 'Search City' })).not.toBeInTheDocument();
    unmount();
    render(<Harness options={cities.slice(0, 6)} />);
    expect(screen.getByRole('textbox', { name: 'Search City' })).toBeInTheDocument();
  });

  it('filters by the search text, selects several and clears them', async () => {
    render(<Harness options={cities} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search City' }), 'City 2');
    expect(visibleOptions().map((box) => box.closest('label')?.textContent)).toEqual([
      'City 2',
      'City 20',
      'City 21',
      'City 22',
      'City 23',
    ]);
    await userEvent.click(screen.getByLabelText('City 21'));
    await userEvent.click(screen.getByLabelText('City 2'));
    expect(screen.getByRole('status', { name: 'value' })).toHaveTextContent('city-21,city-2');
    await userEvent.click(screen.getByRole('button', { name: 'Clear City' }));
    expect(screen.getByRole('status', { name: 'value' })).toBeEmptyDOMElement();
  });

  it('keeps one value at most when single', async () => {
    render(<Harness options={[{ label: 'Male', value: 'Male' }, { label: 'Female', value: 'Female' }]} single />);
    await userEvent.click(screen.getByLabelText('Male'));
    await userEvent.click(screen.getByLabelText('Female'));
    expect(screen.getByRole('status', { name: 'value' })).toHaveTextContent(/^Female$/);
  });
});
