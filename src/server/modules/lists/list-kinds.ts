import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListType } from '../../../shared/api-types.js';
import { listFunds, listInvestors } from '../../db/schema.js';
import { fundCatalogue, investorCatalogue, type Catalogue } from '../catalogue/catalogues.js';

/** What differs between an investor list and a fund list: the catalogue, the link table, the keys. */
export interface ListKind {
  type: ListType;
  catalogue: Catalogue;
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
