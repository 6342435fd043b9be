import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dropdown } from '@/components/Dropdown';

const stages = ['Seed', 'Startup', 'Early Stage', 'Expansion'].map((s) => ({ label: s, value: s }));

function Harness() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <p>outside</p>
      <Dropdown label="Investment state" placeholder="Any stage" options={stages} value={value} onChange={setValue} />
    </>
  );
}

const trigger = () => screen.getByRole('button', { name: /^Investment state:/ });

describe('Dropdown', () => {
  it('shows its placeholder, toggles open and closed, and closes on an outside click', async () => {
    render(<Harness />);
    expect(trigger()).toHaveTextContent('Any stage');
    await userEvent.click(trigger());
    expect(screen.getByRole('listbox', { name: 'Investment state' })).toBeInTheDocument();
    await userEvent.click(trigger());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.click(trigger());
    await userEvent.click(screen.getByText('outside'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('selects several options and summarises them', async () => {
    render(<Harness />);
    await userEvent.click(trigger());
    await userEvent.click(screen.getByRole('option', { name: 'Seed' }));
    await userEvent.click(screen.getByRole('option', { name: 'Expansion' }));
    expect(screen.getByRole('option', { name: 'Seed' })).toHaveAttribute('aria-selected', 'true');
    expect(trigger()).toHaveTextContent('Seed +1');
  });

  it('searches its options and forgets the search when closed', async () => {
    render(<Harness />);
    await userEvent.click(trigger());
    await userEvent.type(screen.getByRole('textbox', { name: 'Search Investment state' }), 'sta');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Startup', 'Early Stage']);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    await userEvent.click(trigger());
    expect(screen.getByRole('textbox', { name: 'Search Investment state' })).toHaveValue('');
    expect(screen.getAllByRole('option')).toHaveLength(4);
  });
});
