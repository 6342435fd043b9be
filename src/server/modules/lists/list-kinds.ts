import type { AnyPgColumn, PgTable, PgView } from 'drizzle-orm/pg-core';
import type { ListType } from '../../../shared/api-types.js';
import { INVESTOR_FIELDS, wireFieldNames } from '../../../shared/catalogue-fields.js';
import { funds, investorRows, listFunds, listInvestors } from '../../db/schema.js';
import { fundCatalogue, investorCatalogue, type Catalogue } from '../catalogue/catalogues.js';

/**
 * Where a list reads its rows: an investor list holds catalogue investors and private contacts (the
 * investor_rows view, `private` set for a contact), a fund list the funds.
 */
export interface ListRows {
  table: PgTable | PgView;
  id: AnyPgColumn;
  /** Answered on the wire, named as the catalogue's wire columns. */
  wireColumns: Record<string, AnyPgColumn>;
  firmName: AnyPgColumn;
  firstName?: AnyPgColumn;
  lastName?: AnyPgColumn;
  /** True for a private contact (investor lists only). */
  private?: AnyPgColumn;
}

const investorRowColumns = investorRows as unknown as Record<string, AnyPgColumn>;

/** What differs between an investor list and a fund list: the catalogue, the link table, the keys. */
export interface ListKind {
  type: ListType;
  catalogue: Catalogue;
  rows: ListRows;
  link: typeof listInvestors | typeof listFunds;
  linkListId: AnyPgColumn;
  linkItemId: AnyPgColumn;
  linkAddedAt: AnyPgColumn;
  /** The path segment: /lists/{id}/investors/… */
  segment: 'investors' | 'funds';
  /** The two spellings the batch body may use: `investor_ids` (as the path says) or `investors_ids`. */
  idKeys: readonly [string, string];
  noun: string;
  plural: string;
}

export const LIST_KINDS: Record<ListType, ListKind> = {
  investor: {
    type: 'investor',
    catalogue: investorCatalogue,
    rows: {
      table: investorRows,
      id: investorRows.id,
      wireColumns: Object.fromEntries(wireFieldNames(INVESTOR_FIELDS).map((name) => [name, investorRowColumns[name]])),
      firmName: investorRows.firm_name,
      firstName: investorRows.first_name,
      lastName: investorRows.last_name,
      private: investorRows.private,
    },
    link: listInvestors,
    linkListId: listInvestors.list_id,
    linkItemId: listInvestors.investor_id,
    linkAddedAt: listInvestors.added_at,
    segment: 'investors',
    idKeys: ['investor_ids', 'investors_ids'],
    noun: 'investor',
    plural: 'investors',
  },
  fund: {
    type: 'fund',
    catalogue: fundCatalogue,
    rows: {
      table: fundCatalogue.table,
      id: fundCatalogue.id,
      wireColumns: Object.fromEntries(fundCatalogue.wireColumns.map((column) => [column.name, column])),
      firmName: funds.firm_name,
    },
    link: listFunds,
    linkListId: listFunds.list_id,
    linkItemId: listFunds.fund_id,
    linkAddedAt: listFunds.added_at,
    segment: 'funds',
    idKeys: ['fund_ids', 'funds_ids'],
    noun: 'fund',
    plural: 'funds',
  },
};
