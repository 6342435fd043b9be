// The spreadsheet import wizard against the real server: a file read, its columns and values, the review of
// its rows against the catalogue, the import and its undo; a workbook's sheet chosen; a file too big refused.
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImportButton } from '@/features/contacts/components/ImportButton';
import { ImportSpreadsheetButton } from '@/features/contacts/components/ImportSpreadsheetButton';
import type { ImportList } from '@/features/contacts/components/ImportWizard';
import { createList } from '@/features/lists/api/create-list';
import { deleteList } from '@/features/lists/api/delete-list';
import { listKeys } from '@/features/lists/api/list-keys';
import type { Investor, ListItem, ListSummary } from '@/shared/api-types';
import { IMPORT_MAX_BYTES } from '@/shared/imports';
import { call, useServerNetwork, type Account } from '../helpers/real-server';
import { importSetUp } from '../helpers/import-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

const network = useServerNetwork();
let ada: Account;
let list: ListSummary;
let known: Investor;

beforeEach(async () => {
  ({ ada, list, known } = await importSetUp());
});

const items = async () => (await call<ListItem[]>('GET', `/lists/${list.id}/items`, { token: ada.tokens.access_token })).body;

async function openWizard() {
  const user = userEvent.setup();
  await renderWithProviders(<ImportButton list={{ id: list.id, name: list.name }} listKeys={listKeys} />);
  await user.click(screen.getByRole('button', { name: 'Import…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import a spreadsheet into Seed leads' });
  return { user, dialog };
}

const heading = (dialog: HTMLElement, name: string) => within(dialog).findByRole('heading', { name });

describe('the import wizard', () => {
  it('reads a CSV, maps it, reviews it against the catalogue, imports it and undoes it', async () => {
    const { user, dialog } = await openWizard();
    expect(await heading(dialog, 'The file')).toHaveFocus();
    expect(within(dialog).getByText('CSV, XLSX or cells pasted from a spreadsheet · at most 5,000 rows and 5 MB')).toBeInTheDocument();

    const csv = [
      'Name,Email,Firm,Status,Check size,Next follow-up',
      `"${known.last_name}, ${known.first_name}",${known.email.toUpperCase()},${known.firm_name},Pitched,$1.5M,03/04/2026`,
      'Zed Newman,zed@newman.example,Newman Angels,Intro,500k,05/06/2026',
      'Amy Lots,amy@lots.example,,Pass,lots,',
      ',,,,,',
      'Zed Newman,zed@newman.example,Newman Angels,Intro,,',
    ].join('\r\n');
    await user.upload(within(dialog).getByLabelText('Choose a file'), new File([csv], 'my investors.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText(/4 rows · 6 columns · UTF-8, separated by commas/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(await heading(dialog, 'Columns')).toHaveFocus();
    expect(within(dialog).getByRole('combobox', { name: 'Field for Name' })).toHaveTextContent('Full name');
    expect(within(dialog).getByRole('combobox', { name: 'Field for Check size' })).toHaveTextContent('Amount');
    expect(within(dialog).getByRole('combobox', { name: 'Field for Next follow-up' })).toHaveTextContent('Next follow-up');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(await heading(dialog, 'Values')).toHaveFocus();
    expect(within(dialog).getByRole('combobox', { name: 'Stage for Pitched' })).toHaveTextContent('Meeting');
    expect(within(dialog).getByRole('combobox', { name: 'Stage for Intro' })).toHaveTextContent('Contacted');
    expect(within(dialog).getByText('1 amount could not be read. The review shows those rows with the reason; they are skipped.', { exact: false })).toBeInTheDocument();
    // 03/04/2026 and 05/06/2026 read either way: Next waits for the answer.
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Day first (Europe)' }));
    await user.click(next);

    expect(await heading(dialog, 'Review')).toHaveFocus();
    expect(await within(dialog).findByText('1 matched · 1 new private contact · 1 skipped · 1 error')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('region', { name: 'Rows with errors' })).getByText('Row 4: “lots” is not an amount')).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Rows of the file' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]).getByText('Exact: same e-mail')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('combobox', { name: 'Row 2: import as' })).toHaveValue(`link:${known.id}`);
    expect(within(rows[1]).getByRole('combobox', { name: 'Row 3: import as' })).toHaveValue('create');
    expect(within(rows[3]).getByText('Repeat of row 3')).toBeInTheDocument();
    expect(within(rows[3]).getByRole('combobox', { name: 'Row 6: import as' })).toHaveValue('skip');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(await heading(dialog, 'Import')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
    expect(await within(dialog).findByText('Added 1 from the catalogue, created 1 private contact, updated 0, skipped 2.')).toBeInTheDocument();
    expect(network.sent.filter((request) => request.method === 'POST' && request.url === `/api/v1/lists/${list.id}/imports`)).toHaveLength(1);
    const landed = await items();
    expect(landed.map((item) => item.id)).toContain(known.id);
    expect(landed.find((item) => item.id === known.id)?.pipeline).toMatchObject({ stage: 'meeting', amount: 1_500_000, follow_up_on: '2026-04-03' });
    expect(landed).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    expect(await heading(dialog, 'Import undone')).toBeInTheDocument();
    await waitFor(async () => expect(await items()).toHaveLength(0));
  });

  it('keeps everything on Back, and remembers the columns for a file with the same headers', async () => {
    const { user, dialog } = await openWizard();
    const file = () => new File(['Investor\tContact\nAda Lovelace\tada@example.com\n'], 'tabs.tsv');
    await user.upload(within(dialog).getByLabelText('Choose a file'), file());
    await user.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await heading(dialog, 'Columns');
    // "Contact" reads as a name too; the second column is the e-mail.
    expect(within(dialog).getByRole('combobox', { name: 'Field for Contact' })).toHaveTextContent('Ignore this column');
    await user.click(within(dialog).getByRole('combobox', { name: 'Field for Contact' }));
    await user.click(await screen.findByRole('option', { name: 'E-mail' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await heading(dialog, 'Values');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(await heading(dialog, 'Columns').then(() => dialog)).getByRole('combobox', { name: 'Field for Contact' })).toHaveTextContent('E-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await heading(dialog, 'The file');
    expect(within(dialog).getByText('tabs.tsv')).toBeInTheDocument();

    // The same headers again: the mapping chosen comes back.
    await user.upload(within(dialog).getByLabelText('Choose a file'), file());
    await user.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await heading(dialog, 'Columns');
    expect(within(dialog).getByText(/as you chose for your last file with these headers/)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Field for Contact' })).toHaveTextContent('E-mail');
  });

  it('lets the founder choose a workbook’s sheet', async () => {
    const { user, dialog } = await openWizard();
    const bytes = readFileSync(path.resolve('tests/fixtures/imports/two-sheets.xlsx'));
    await user.upload(within(dialog).getByLabelText('Choose a file'), new File([bytes], 'two-sheets.xlsx'));
    const sheets = await within(dialog).findByRole('radiogroup', { name: /This workbook has 2 sheets/ });
    expect(within(sheets).getByRole('radio', { name: 'Read me (1 row)' })).toBeChecked();
    await user.click(within(sheets).getByRole('radio', { name: 'Investors (4 rows)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await heading(dialog, 'Columns');
    expect(within(dialog).getByText('david.kim@summitpeak.example · alice.moreau@northwind-ventures.example · sofia@tagus.example')).toBeInTheDocument();
  });

  it('refuses a file over 5 MB before reading it, and keeps the one chosen before', async () => {
    const { user, dialog } = await openWizard();
    await user.upload(within(dialog).getByLabelText('Choose a file'), new File(['Name\nAda Lovelace\n'], 'small.csv'));
    await within(dialog).findByText('small.csv');
    await user.upload(within(dialog).getByLabelText('Choose a file'), new File([new Uint8Array(IMPORT_MAX_BYTES + 1)], 'huge.csv'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This file is 5.0 MB; at most 5 MB can be imported.');
    expect(within(dialog).getByText('small.csv')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});

describe('the sidebar’s import into a new list', () => {
  const listNames = async () =>
    (await call<ListSummary[]>('GET', '/lists', { token: ada.tokens.access_token })).body.map((each) => each.name);

  /** The sidebar's button with the lists feature's calls, as SidebarContent wires it; the file matched, up to Review. */
  async function reviewInNewList() {
    const user = userEvent.setup();
    const imported: ImportList[] = [];
    await renderWithProviders(
      <ImportSpreadsheetButton
        createList={(name) => createList({ name, description: '', list_type: 'investor' })}
        discardList={(made) => deleteList(made.id)}
        listKeys={listKeys}
        onImported={(made) => imported.push(made)}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Import a spreadsheet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a spreadsheet' });
    const csv = `Name,Email\nZed Newman,zed@newman.example\n`;
    await user.upload(within(dialog).getByLabelText('Choose a file'), new File([csv], 'angels.csv', { type: 'text/csv' }));
    await within(dialog).findByText(/1 row · 2 columns/);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await heading(dialog, 'Columns');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await heading(dialog, 'Values');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await heading(dialog, 'Review');
    await within(dialog).findByText('0 matched · 1 new private contact · 0 skipped · 0 errors');
    return { user, dialog, imported };
  }

  it('deletes the list it made when the wizard is closed before any row landed', async () => {
    const { user, dialog, imported } = await reviewInNewList();
    // Matching the rows made the list, named after the file.
    expect(await listNames()).toContain('angels');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(async () => expect(await listNames()).not.toContain('angels'));
    expect(await listNames()).toContain('Seed leads');
    expect(imported).toEqual([]);
  });

  it('keeps the list once the rows landed, and opens it when the wizard closes', async () => {
    const { user, dialog, imported } = await reviewInNewList();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await heading(dialog, 'Import');
    await user.click(within(dialog).getByRole('button', { name: 'Import 1 row' }));
    await within(dialog).findByText(/created 1 private contact/);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(imported.map((made) => made.name)).toEqual(['angels']));
    expect(await listNames()).toContain('angels');
    const made = (await call<ListSummary[]>('GET', '/lists', { token: ada.tokens.access_token })).body.find((each) => each.name === 'angels')!;
    expect(made.item_count).toBe(1);
  });
});
