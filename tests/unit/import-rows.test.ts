// The messy fixture mapped to the API's import rows, and the review's defaults, counts and rows sent.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { guessMapping } from '@/features/contacts/import/columns';
import { columnValues, distinctStatuses, mapRows } from '@/features/contacts/import/map-rows';
import { readSpreadsheet } from '@/features/contacts/import/read-spreadsheet';
import { commitRows, countsText, defaultDecision, reviewCounts, reviewRows } from '@/features/contacts/import/review';
import { guessStage } from '@/features/contacts/import/stages';
import { slashDateOrder } from '@/features/contacts/import/dates';
import type { PreviewRow } from '@/shared/imports';

async function messyTable() {
  const bytes = readFileSync(new URL('../fixtures/imports/messy-investors.csv', import.meta.url));
  const read = await readSpreadsheet({ kind: 'file', name: 'messy-investors.csv', bytes: new Uint8Array(bytes).buffer });
  return read.sheets[0].table!;
}

describe('the messy file mapped', () => {
  it('guesses every column, asks for the dates’ order, and maps each row', async () => {
    const table = await messyTable();
    const mapping = guessMapping(table.headers);
    expect(mapping).toEqual(['name', 'email', 'firm_name', 'office_website', 'contact_title', 'stage', 'amount', 'follow_up_on', 'note', 'city', 'country']);
    expect(slashDateOrder(columnValues(table, mapping, 'follow_up_on'))).toEqual({ order: null, ambiguous: true });

    const statuses = distinctStatuses(table, mapping);
    expect(statuses.get('Intro')).toBe(6);
    const stages = new Map([...statuses.keys()].map((status) => [status, guessStage(status)]));
    const rows = mapRows(table, mapping, { stages, dateOrder: 'day_first' });
    const byLine = new Map(rows.map((row) => [row.line, row]));

    expect(byLine.get(2)).toEqual({
      line: 2,
      row: {
        first_name: 'Alice',
        last_name: 'Moreau',
        email: 'ALICE.MOREAU@northwind-ventures.example',
        firm_name: 'Northwind Ventures',
        office_website: 'https://northwind-ventures.example',
        contact_title: 'Partner',
        city: 'Paris',
        country: 'France',
        pipeline: { stage: 'contacted', amount: 1_500_000, follow_up_on: '2026-04-03', note: 'Met at demo day' },
      },
      errors: [],
    });
    expect(byLine.get(3)?.row).toMatchObject({ first_name: 'Brian', last_name: 'Okafor', pipeline: { stage: 'meeting', amount: 500_000, note: 'Wants metrics\nafter Q2' } });
    expect(byLine.get(4)?.row.pipeline).toEqual({ stage: 'term_sheet', amount: 250_000, follow_up_on: '2026-05-01' });
    expect(byLine.get(5)?.row.pipeline).toMatchObject({ stage: 'committed', amount: 1_000_000, follow_up_on: '2026-03-12' });
    // Kept as written: the formula and the HTML are the names' text.
    const grace = byLine.get(8)!.row;
    expect(`${grace.first_name} ${grace.last_name}`).toBe('=HYPERLINK("https://linkedin.example/in/grace-ho","Grace Ho")');
    expect(byLine.get(9)?.row).toMatchObject({ first_name: '<b>Henry</b>', last_name: 'Ford', pipeline: { note: '<script>alert("hi")</script> met twice' } });
    // No name, no e-mail: the server says why; the row carries what it has.
    expect(byLine.get(12)?.row).toEqual({ firm_name: 'Mystery Fund', pipeline: { stage: 'contacted', note: 'No contact details yet' } });
    expect(byLine.get(14)?.errors).toEqual([{ field: 'amount', detail: '“about 2M” is not an amount' }]);
    expect(byLine.get(14)?.row.pipeline).toEqual({ stage: 'lead' });
    expect(byLine.get(31)?.row).toMatchObject({ first_name: 'Mary Ann', last_name: 'van der Berg' });
  });

  it('joins several note columns with their headers, and leaves out what a row lacks', () => {
    const table = { headers: ['Email', 'Notes', 'Next steps'], rows: [{ line: 2, cells: ['a@b.example', 'Met', 'Send deck'] }, { line: 3, cells: ['c@d.example', '', ''] }] };
    const rows = mapRows(table, ['email', 'note', 'note'], { stages: new Map(), dateOrder: null });
    expect(rows[0].row).toEqual({ email: 'a@b.example', pipeline: { note: 'Notes: Met\nNext steps: Send deck' } });
    expect(rows[1].row).toEqual({ email: 'c@d.example' });
  });
});

describe('the review', () => {
  const candidate = { investor_id: 7, first_name: 'Ada', last_name: 'Lovelace', firm_name: 'Engines', contact_title: '', email: '', city: '', country: '' };
  const mapped = [
    { line: 2, row: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }, errors: [] },
    { line: 3, row: { first_name: 'Bob', last_name: 'Noyce' }, errors: [] },
    { line: 4, row: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }, errors: [] },
    { line: 5, row: { email: 'x@bad' }, errors: [] },
    { line: 6, row: { last_name: 'Solo' }, errors: [] },
    { line: 7, row: { first_name: 'Amy', last_name: 'Ng' }, errors: [{ field: 'amount', detail: '“lots” is not an amount' }] },
    { line: 8, row: { first_name: 'Al', last_name: 'On' }, errors: [] },
  ];
  const none = { match: null, candidates: [], duplicate_of_row: null, on_list: false, errors: [] };
  const preview: PreviewRow[] = [
    { ...none, row: 0, match: { investor_id: 7, confidence: 'exact', by: 'email' }, candidates: [candidate] },
    { ...none, row: 1, candidates: [candidate] },
    { ...none, row: 2, match: { investor_id: 7, confidence: 'exact', by: 'email' }, candidates: [candidate], duplicate_of_row: 0 },
    { ...none, row: 3, errors: [{ field: 'email', detail: 'Invalid email' }] },
    { ...none, row: 4 },
    { ...none, row: 5 },
    { ...none, row: 6, match: { investor_id: 9, confidence: 'likely', by: 'name_and_firm' }, on_list: true },
  ];
  const rows = reviewRows(mapped, preview);
  const decisions = rows.map(defaultDecision);

  it('links a match, creates a contact for none, skips repeats, errors and rows a contact cannot be made of', () => {
    expect(decisions).toEqual([
      { action: 'link', investor_id: 7 },
      { action: 'create' },
      { action: 'skip' },
      { action: 'skip' },
      { action: 'skip' },
      { action: 'skip' },
      { action: 'link', investor_id: 9 },
    ]);
    expect(rows[5].allErrors).toEqual([{ field: 'amount', detail: '“lots” is not an amount' }]);
  });

  it('counts matched, new, skipped and errors apart', () => {
    const counts = reviewCounts(rows, decisions);
    expect(counts).toEqual({ matched: 2, created: 1, skipped: 2, errors: 2 });
    expect(countsText(counts)).toBe('2 matched · 1 new private contact · 2 skipped · 2 errors');
    expect(countsText({ matched: 118, created: 2, skipped: 3, errors: 1 })).toBe('118 matched · 2 new private contacts · 3 skipped · 1 error');
  });

  it('sends every row with its decision, rows in error as skipped whatever was chosen', () => {
    const chosen = decisions.map((decision, index) => (index === 3 ? ({ action: 'create' } as const) : decision));
    const sent = commitRows(rows, chosen);
    expect(sent).toHaveLength(7);
    expect(sent[0]).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', decision: { action: 'link', investor_id: 7 } });
    expect(sent[3].decision).toEqual({ action: 'skip' });
  });
});
