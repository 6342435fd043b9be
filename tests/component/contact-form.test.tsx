// A private contact's form and its deletion: first and last name required, a real e-mail and website, whole
// dollars with min ≤ max, each message beneath its field as you type; nothing is sent until the fields hold;
// the delete confirmation says from how many lists the contact goes.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactDeleteDialog } from '@/features/contacts/components/ContactDeleteDialog';
import { ContactForm } from '@/features/contacts/forms/ContactForm';
import { contactFormValues, contactInputOf, contactPatchOf, type ContactFormValues } from '@/features/contacts/forms/contact-values';
import type { Investor } from '@/shared/api-types';
import { renderWithProviders } from '../helpers/render-with-providers';

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

async function renderForm(initialValues = contactFormValues()) {
  const onSubmit = vi.fn(async (_values: ContactFormValues) => {});
  await renderWithProviders(
    <ContactForm initialValues={initialValues} submitLabel="Add investor" onSubmit={onSubmit} errorFallback="Failed" onCancel={() => {}} />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('the contact form', () => {
  it('requires the first and last name, and sends nothing without them', async () => {
    const { onSubmit, user } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Add investor' }));
    expect(await screen.findByText('First Name is required')).toBeInTheDocument();
    expect(screen.getByText('Last Name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(input(/^First Name/), 'Ada');
    await waitFor(() => expect(screen.queryByText('First Name is required')).not.toBeInTheDocument());
    expect(screen.getByText('Last Name is required')).toBeInTheDocument();
  });

  it('says a bad e-mail and website as you type, beneath the field', async () => {
    const { user } = await renderForm();
    await user.type(input(/^Email/), 'ada@example');
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(input(/^Email/)).toHaveAccessibleDescription('Invalid email');
    await user.type(input(/^Email/), '.com');
    await waitFor(() => expect(screen.queryByText('Invalid email')).not.toBeInTheDocument());

    await user.type(input(/^Website/), 'acme');
    expect(await screen.findByText('Invalid website: give its address, such as acme.vc')).toBeInTheDocument();
  });

  it('refuses a minimum above the maximum, and amounts that are not whole dollars', async () => {
    const { onSubmit, user } = await renderForm();
    await user.type(input(/^First Name/), 'Ada');
    await user.type(input(/^Last Name/), 'Lovelace');
    await user.type(input(/^Min\. investment/), '2,000,000');
    await user.type(input(/^Max\. investment/), '500,000');
    expect(await screen.findByText('Min. investment must not be more than Max. investment')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add investor' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(input(/^Max\. investment/));
    await user.type(input(/^Max\. investment/), '2.5M');
    expect(await screen.findByText('Max. investment must be a whole number of dollars, e.g. 500,000')).toBeInTheDocument();
    await user.clear(input(/^Max\. investment/));
    await user.type(input(/^Max\. investment/), '5,000,000');
    await waitFor(() => expect(screen.queryByText(/^Max\. investment must/)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Add investor' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(contactInputOf(onSubmit.mock.calls[0][0])).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      min_investment: 2_000_000,
      max_investment: 5_000_000,
    });
  });

  it('chooses the type of firm and several stages from their vocabularies', async () => {
    const { onSubmit, user } = await renderForm();
    await user.type(input(/^First Name/), 'Ada');
    await user.type(input(/^Last Name/), 'Lovelace');
    await user.click(screen.getByRole('combobox', { name: 'Type of firm' }));
    await user.click(await screen.findByRole('option', { name: 'Venture Capital Fund' }));
    await user.click(screen.getByRole('combobox', { name: 'Stage preferences' }));
    const stages = await screen.findByRole('listbox');
    await user.click(within(stages).getByRole('option', { name: 'Seed' }));
    await user.click(within(stages).getByRole('option', { name: 'Early Stage' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Add investor' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(contactInputOf(onSubmit.mock.calls[0][0])).toMatchObject({
      type_of_firm: 'Venture Capital Fund',
      stage_preferences: ['Seed', 'Early Stage'],
    });
  });

  it("fills an edit from the contact, its missing values empty, and sends only what changed", async () => {
    const contact = {
      id: 5,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'NaN',
      city: 'London',
      min_investment: 250000,
      max_investment: 'NaN',
      stage_preferences: ['Seed'],
    } as unknown as Investor;
    const initial = contactFormValues(contact);
    const { onSubmit, user } = await renderForm(initial);
    expect(input(/^First Name/)).toHaveValue('Ada');
    expect(input(/^Email/)).toHaveValue('');
    expect(input(/^Min\. investment/)).toHaveValue('250,000');
    await user.clear(input(/^City/));
    await user.type(input(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Add investor' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(contactPatchOf(onSubmit.mock.calls[0][0], initial)).toEqual({ email: 'ada@example.com', city: null });
  });
});

describe('the delete confirmation', () => {
  const renderDialog = (listCount: number) =>
    renderWithProviders(
      <ContactDeleteDialog open name="Ada Lovelace" listCount={listCount} deleting={false} onCancel={() => {}} onConfirm={() => {}} />,
    );

  it('says from how many lists the contact will be removed', async () => {
    await renderDialog(2);
    const dialog = await screen.findByRole('dialog', { name: 'Delete investor' });
    expect(dialog).toHaveAccessibleDescription('Delete Ada Lovelace? It will be removed from 2 lists.');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('says one list, or none', async () => {
    const { unmount } = await renderDialog(1);
    expect(await screen.findByText('Delete Ada Lovelace? It will be removed from 1 list.')).toBeInTheDocument();
    unmount();
    await renderDialog(0);
    expect(await screen.findByText('Delete Ada Lovelace? It is on none of your lists.')).toBeInTheDocument();
  });
});
