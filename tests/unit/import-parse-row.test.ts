import { describe, expect, it } from 'vitest';
import {
  cityFromAddress,
  ImportFileError,
  newRowValues,
  parseRecord,
  readHeader,
  rowProblem,
} from '../../src/server/db/import/parse-row.js';
import { arrayLiteral } from '../../src/server/db/catalogue-store.js';

const header = readHeader('investors', [
  'first_name',
  'last_name',
  'capital_managed',
  'stage_preferences',
  'gender',
  'id',
]);
const parse = (cells: string[]) => parseRecord('investors', header, cells);

describe('reading an import row', () => {
  it('reads lists as JSON arrays or ;-separated, in the vocabulary spelling, without repeats', () => {
    const json = parse(['Ada', 'L', '1', '["Seed", "early stage"]', 'female', '']);
    expect(json).toEqual({
      ok: true,
      row: {
        values: {
          first_name: 'Ada',
          last_name: 'L',
          capital_managed: 1,
          stage_preferences: ['Seed', 'Early Stage'],
          gender: 'Female',
        },
      },
    });
    const plain = parse(['Ada', 'L', '', ' Seed ; PIPE;;Seed ', '', '12']);
    expect(plain).toMatchObject({
      ok: true,
      row: { id: 12, values: { stage_preferences: ['Seed', 'PIPE'], capital_managed: null, gender: 'NaN' } },
    });
  });

  it('reads empty cells and NaN as missing, amounts with $ and separators', () => {
    expect(parse(['NaN', '', '$1,250,000.50', '', 'NaN', ''])).toMatchObject({
      ok: true,
      row: { values: { first_name: 'NaN', last_name: 'NaN', capital_managed: 1_250_000.5, stage_preferences: [] } },
    });
  });

  it('says what is wrong with a bad cell', () => {
    expect(parse(['A', 'B', '-5', '', '', ''])).toEqual({ ok: false, reason: 'capital_managed: "-5" is not a number' });
    expect(parse(['A', 'B', '1e999', '', '', ''])).toEqual({
      ok: false,
      reason: 'capital_managed: "1e999" is not a number',
    });
    expect(parse(['A', 'B', '', 'Seed;Series A', '', ''])).toEqual({
      ok: false,
      reason: 'stage_preferences: "Series A" is not a known value',
    });
    expect(parse(['A', 'B', '', '[1, 2]', '', ''])).toEqual({
      ok: false,
      reason: 'stage_preferences: a JSON list must be an array of texts',
    });
    expect(parse(['A', 'B', '', '', '', '0'])).toEqual({ ok: false, reason: 'id: "0" is not a positive whole number' });
    expect(parse(['A', 'B', '', '', '', '3000000000'])).toEqual({
      ok: false,
      reason: 'id: "3000000000" is not a positive whole number',
    });
    expect(parse(['A', 'x'.repeat(1001), '', '', '', ''])).toEqual({
      ok: false,
      reason: 'last_name: longer than 1000 characters',
    });
    expect(parse(['A', 'B'])).toEqual({ ok: false, reason: 'has 2 cells where the header has 6' });
  });

  it('fills a new row and checks it as a whole', () => {
    const row = newRowValues('investors', { first_name: 'A', last_name: 'B', min_investment: 5, max_investment: 1 });
    expect(row).toMatchObject({ email: 'NaN', number_of_investors: null, type_of_financing: [] });
    expect(rowProblem('investors', row)).toBe('min_investment (5) is above max_investment (1)');
    expect(rowProblem('investors', { ...row, max_investment: 5 })).toBeUndefined();
    expect(rowProblem('investors', { ...row, max_investment: 5, last_name: 'NaN' })).toBe('last_name is required');
    expect(
      rowProblem('funds', newRowValues('funds', { firm_name: 'F', number_of_investors: 2, women_investors: 3 })),
    ).toBe('women_investors (3) is above number_of_investors (2)');
  });

  it('takes a fund city from its address when the file has no firm_city', () => {
    expect(cityFromAddress('350 Mission Street, Floor 2, San Francisco, CA 94105')).toBe('San Francisco');
    expect(cityFromAddress('Karl Johans gate 1, Oslo, 0154')).toBe('Oslo');
    expect(cityFromAddress('Somewhere')).toBe('NaN');
    const fundHeader = readHeader('funds', ['firm_name', 'firm_address']);
    expect(parseRecord('funds', fundHeader, ['F', '1 Main St, Austin, TX 78701'])).toMatchObject({
      ok: true,
      row: { values: { firm_city: 'Austin' } },
    });
  });

  it('refuses a header with unknown, repeated or no data columns', () => {
    expect(() => readHeader('funds', ['firm_name', 'first_name'])).toThrow(ImportFileError);
    expect(() => readHeader('funds', ['firm_name', 'firm_name'])).toThrow('Column "firm_name" appears twice');
    expect(() => readHeader('funds', ['id'])).toThrow('no data columns');
    expect(() => readHeader('investors', ['firm_city'])).toThrow('Unknown column "firm_city"');
  });

  it('writes lists as PostgreSQL array literals, quoting what needs it', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['Food Services & Products', 'a "b"', 'c\\d', 'x,y'])).toBe(
      '{"Food Services & Products","a \\"b\\"","c\\\\d","x,y"}',
    );
  });
});
