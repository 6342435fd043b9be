// The import's reading of what a founder typed: column headers, full names, statuses, amounts and dates.
import { describe, expect, it } from 'vitest';
import { parseAmount } from '@/features/contacts/import/amounts';
import { guessField, guessMapping, mappingProblems } from '@/features/contacts/import/columns';
import { parseDate, slashDateOrder } from '@/features/contacts/import/dates';
import { splitFullName } from '@/features/contacts/import/names';
import { guessStage } from '@/features/contacts/import/stages';

describe('the field guessed from a header', () => {
  it.each([
    ['Name', 'name'],
    ['Full name', 'name'],
    ['Investor', 'name'],
    ['Contact', 'name'],
    ['First Name', 'first_name'],
    ['first', 'first_name'],
    ['Last name', 'last_name'],
    ['Surname', 'last_name'],
    ['Email', 'email'],
    ['E-Mail', 'email'],
    ['Email address', 'email'],
    ['Firm', 'firm_name'],
    ['Firma', 'firm_name'],
    ['Company', 'firm_name'],
    ['Fund name', 'firm_name'],
    ['Website', 'office_website'],
    ['URL', 'office_website'],
    ['Title', 'contact_title'],
    ['Role', 'contact_title'],
    ['Phone', 'phone'],
    ['City', 'city'],
    ['Country', 'country'],
    ['Status', 'stage'],
    ['Pipeline stage', 'stage'],
    ['Amount', 'amount'],
    ['Check size', 'amount'],
    ['Betrag', 'amount'],
    ['Ticket ($)', 'amount'],
    ['Next follow-up', 'follow_up_on'],
    ['Follow up', 'follow_up_on'],
    ['Next step', 'follow_up_on'],
    ['Notes', 'note'],
    ['Comments', 'note'],
    ['Next steps', 'note'],
    ['LinkedIn', 'ignore'],
    ['Last contacted', 'ignore'],
    ['', 'ignore'],
  ])('%s → %s', (header, field) => {
    expect(guessField(header)).toBe(field);
  });

  it('gives a field to one column only, except notes', () => {
    expect(guessMapping(['Name', 'Email', 'Work email', 'Notes', 'Comments'])).toEqual(['name', 'email', 'ignore', 'note', 'note']);
  });

  it('says what a mapping lacks or repeats', () => {
    expect(mappingProblems(['firm_name', 'note'])).toEqual(['Choose the column with the investor’s name or e-mail.']);
    expect(mappingProblems(['email', 'firm_name'])).toEqual([]);
    expect(mappingProblems(['name', 'first_name'])).toEqual(['Choose either a full name column or first and last name columns, not both.']);
    expect(mappingProblems(['name', 'email', 'email'])).toEqual(['E-mail is chosen for more than one column.']);
  });
});

describe('a full name split', () => {
  it.each([
    ['Ada Lovelace', 'Ada', 'Lovelace'],
    ['  Ada   Lovelace ', 'Ada', 'Lovelace'],
    ['Lovelace, Ada', 'Ada', 'Lovelace'],
    ['King, Martin Luther', 'Martin Luther', 'King'],
    ['Mary Ann Smith', 'Mary Ann', 'Smith'],
    ['Jan van der Berg', 'Jan', 'van der Berg'],
    ['Maria de la Cruz', 'Maria', 'de la Cruz'],
    ['Martin Luther King Jr.', 'Martin Luther', 'King Jr.'],
    ['Martin King, Jr.', 'Martin', 'King Jr.'],
    ['Dr. Priya Nair', 'Priya', 'Nair'],
    ['Ada Lovelace, PhD', 'Ada', 'Lovelace'],
    ['Madonna', '', 'Madonna'],
    ['=HYPERLINK("https://x.example","Grace Ho")', '=HYPERLINK("https://x.example","Grace', 'Ho")'],
  ])('%s → %s / %s', (full, first, last) => {
    expect(splitFullName(full)).toEqual({ first_name: first, last_name: last });
  });
});

describe('the stage guessed from a status', () => {
  it.each([
    ['Intro', 'contacted'],
    ['Reached out', 'contacted'],
    ['Emailed', 'contacted'],
    ['Follow up', 'contacted'],
    ['Pitched', 'meeting'],
    ['Meeting', 'meeting'],
    ['Call', 'meeting'],
    ['Demo', 'meeting'],
    ['Interested', 'meeting'],
    ['TS', 'term_sheet'],
    ['Term sheet', 'term_sheet'],
    ['Committed', 'committed'],
    ['Closed', 'committed'],
    ['Wired', 'committed'],
    ['Yes', 'committed'],
    ['Soft commit', 'committed'],
    ['Pass', 'passed'],
    ['Passed', 'passed'],
    ['No', 'passed'],
    ['Declined', 'passed'],
    ['Not interested', 'passed'],
    ['Closed lost', 'passed'],
    ['Lead', 'lead'],
    ['New', 'lead'],
    ['???', 'lead'],
    ['term_sheet', 'term_sheet'],
  ])('%s → %s', (status, stage) => {
    expect(guessStage(status)).toBe(stage);
  });
});

describe('amounts', () => {
  it.each([
    ['$1.5M', 1_500_000],
    ['500k', 500_000],
    ['1,000,000', 1_000_000],
    ['€250K', 250_000],
    ['2.5 mm', 2_500_000],
    ['1.000.000', 1_000_000],
    ['250.000', 250_000],
    ['1,5 Mio', 1_500_000],
    ['1,000', 1_000],
    ['1.25', 1],
    ['USD 2M', 2_000_000],
    ['2M USD', 2_000_000],
    ['£75k', 75_000],
    ['1,000,000.50', 1_000_001],
    ['1.000.000,50', 1_000_001],
    ['1 000 000', 1_000_000],
    ['1bn', 1_000_000_000],
    ['50000', 50_000],
    ['1.2M', 1_200_000],
  ])('%s → %i', (text, dollars) => {
    expect(parseAmount(text)).toEqual({ value: dollars });
  });

  it.each(['about 2M', 'lots', '-500', '500k-1M', '1,00,0', '$', '12x'])('%s is an error', (text) => {
    expect(parseAmount(text)).toEqual({ error: `“${text}” is not an amount` });
  });

  it('an empty cell is no amount', () => {
    expect(parseAmount('  ')).toBeNull();
  });
});

describe('dates', () => {
  it.each([
    ['2026-03-12', 'month_first', '2026-03-12'],
    ['2026-03-12T10:00:00Z', null, '2026-03-12'],
    ['2026/3/5', null, '2026-03-05'],
    ['03/12/2026', 'month_first', '2026-03-12'],
    ['12/03/2026', 'day_first', '2026-03-12'],
    ['3/4/26', 'month_first', '2026-03-04'],
    ['12.03.2026', 'month_first', '2026-03-12'],
    ['12 Mar 2026', null, '2026-03-12'],
    ['12 March 2026', null, '2026-03-12'],
    ['12-Mar-2026', null, '2026-03-12'],
    ['March 12, 2026', null, '2026-03-12'],
    ['Sept 1 2026', null, '2026-09-01'],
    ['1st June 2026', null, '2026-06-01'],
  ] as const)('%s (%s) → %s', (text, order, day) => {
    expect(parseDate(text, order)).toEqual({ value: day });
  });

  it.each([
    ['13/04/2026', 'month_first'],
    ['04/13/2026', 'day_first'],
    ['31/02/2026', 'day_first'],
    ['next week', null],
    ['12 Marvel 2026', null],
    ['2026-13-01', null],
  ] as const)('%s (%s) is an error', (text, order) => {
    expect(parseDate(text, order)).toEqual({ error: `“${text}” is not a date` });
  });

  it('an empty cell is no date', () => {
    expect(parseDate('', null)).toBeNull();
  });

  it('a file of slash dates that read either way is ambiguous; one date decides it', () => {
    expect(slashDateOrder(['03/04/2026', '05/06/2026', '2026-05-01', '12 Mar 2026'])).toEqual({ order: null, ambiguous: true });
    expect(slashDateOrder(['03/04/2026', '13/04/2026'])).toEqual({ order: 'day_first', ambiguous: false });
    expect(slashDateOrder(['03/04/2026', '04/13/2026'])).toEqual({ order: 'month_first', ambiguous: false });
    expect(slashDateOrder(['2026-05-01', '12.03.2026'])).toEqual({ order: null, ambiguous: false });
    expect(slashDateOrder([])).toEqual({ order: null, ambiguous: false });
  });
});
