import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { listInvestors, lists } from '../../db/schema.js';
import { isOnList } from '../lists/list-access.js';

/**
 * The private contact (its id and owner columns) is on a list the user is on, and its owner is on too: only its
 * owner puts a contact on a list, so a list its owner is not on (one a member put it on before that was refused)
 * shows it to nobody.
 */
export function onListOf(userId: number, contact: { id: AnyPgColumn; owner: AnyPgColumn }): SQL {
  return sql`EXISTS (SELECT 1 FROM ${listInvestors} JOIN ${lists} ON ${lists.id} = ${listInvestors.list_id}
    WHERE ${listInvestors.investor_id} = ${contact.id} AND ${isOnList(userId)} AND ${isOnList(contact.owner)})`;
}

/**
 * Who sees a private contact: its owner, and the members of a list holding it while it does (and its owner is on
 * it). Of a row of investor_rows (`owner` null for the catalogue, which everyone sees), or of private_contacts.
 */
export function seesInvestor(userId: number, columns: { id: AnyPgColumn; owner: AnyPgColumn }): SQL {
  return sql`(${columns.owner} IS NULL OR ${columns.owner} = ${userId} OR ${onListOf(userId, columns)})`;
}
