// Every layer reads its columns from the one field table: the database, the API's row schemas, the
// wire order of the search and list answers, and the import.
import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { CATALOGUE_FIELDS, wireFieldNames } from '../../src/shared/catalogue-fields.js';
import { FundRow, InvestorRow } from '../../src/shared/catalogue-row-schemas.js';
import { funds, investors } from '../../src/server/db/schema.js';
import { writableColumns } from '../../src/server/db/catalogue-store.js';
import { FIELDS } from '../../src/server/db/import/fields.js';
import { fundCatalogue, investorCatalogue } from '../../src/server/modules/catalogue/catalogues.js';

const kinds = [
  { name: 'investors', table: investors, catalogue: investorCatalogue, row: InvestorRow },
  { name: 'funds', table: funds, catalogue: fundCatalogue, row: FundRow },
] as const;

describe.each(kinds)('the $name field table', ({ name, table, catalogue, row }) => {
  const fields = CATALOGUE_FIELDS[name];

  it('is what the table stores, beside the columns the database generates', () => {
    expect(writableColumns(table, true).map((c) => c.name)).toEqual(Object.keys(fields));
    const generated = Object.values(getTableColumns(table)).filter((c) => c.generated);
    expect(generated.map((c) => c.name)).toEqual(name === 'funds' ? ['gender_ratio', 'search_text'] : ['search_text']);
  });

  it('is what the API answers, in order, with every field required', () => {
    const wire = wireFieldNames(fields);
    expect(Object.keys(row.properties)).toEqual(wire);
    expect(row.required).toEqual(wire);
    expect(catalogue.wireColumns.map((c) => c.name)).toEqual(wire);
    const numeric = wire.filter((f) => ['number', 'integer'].includes(fields[f as keyof typeof fields].kind));
    expect(catalogue.numericColumns).toEqual(numeric);
  });

  it('is what an import file may name, wire fields or not', () => {
    expect(FIELDS[name].map((f) => f.name)).toEqual(Object.keys(fields));
  });
});

it('answers funds without the columns only the filters read', () => {
  expect(Object.keys(FundRow.properties)).not.toContain('firm_city');
  expect(Object.keys(FundRow.properties)).not.toContain('women_investors');
  expect(Object.keys(InvestorRow.properties)).toContain('number_of_investors');
});
