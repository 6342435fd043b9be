import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { listInvestors, lists } from '../../db/schema.js';
import { isOnList } from '../lists/list-access.js';

/** A contact's id and owner: columns of a table, or of an alias written as SQL. */
type ContactColumns = { id: AnyPgColumn | SQL; owner: AnyPgColumn | SQL };

/**
 * The private contact (its id and owner columns) is on a list the user is on, and its owner is on too: only its
 * owner puts a contact on a list, so a list its owner is not on (one a member put it on before that was refused)
 * shows it to nobody.
 */
export function onListOf(userId: number, contact: ContactColumns): SQL {
  return sql`EXISTS (SELECT 1 FROM ${listInvestors} JOIN ${lists} ON ${lists.id} = ${listInvestors.list_id}
    WHERE ${listInvestors.investor_id} = ${contact.id} AND ${isOnList(userId)} AND ${isOnList(contact.owner)})`;
}

/**
 * Who sees a private contact: its owner, and the members of a list holding it while it does (and its owner is on
 * it). Of a row of investor_rows (`owner` null for the catalogue, which everyone sees), or of private_contacts.
 */
export function seesInvestor(userId: number, columns: ContactColumns): SQL {
  return sql`(${columns.owner} IS NULL OR ${columns.owner} = ${userId} OR ${onListOf(userId, columns)})`;
}

/**
 * Whoever may own a private contact the user sees (seesInvestor's owners): she, the owners of the lists she is a
 * member of, and the members of the lists she is on. A subquery for `owner IN (…)` that narrows the contacts through
 * their owner's index before seesInvestor checks each (an OR of owner and member would read every list).
 */
export const ownersSheMaySee = (userId: number): SQL => sql`(SELECT ${userId}::int
  UNION SELECT l.user_id FROM list_members me JOIN lists l ON l.id = me.list_id WHERE me.user_id = ${userId}
  UNION SELECT m.user_id FROM list_members m WHERE m.list_id IN (
    SELECT l.id FROM lists l WHERE l.user_id = ${userId} UNION SELECT me.list_id FROM list_members me WHERE me.user_id = ${userId}))`;
