import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { listInvestors, listMembers, lists } from '../../db/schema.js';

/** The investor (an id column) is on a list the user owns or is a member of. */
export function onListOf(userId: number, investorId: AnyPgColumn): SQL {
  return sql`EXISTS (SELECT 1 FROM ${listInvestors} JOIN ${lists} ON ${lists.id} = ${listInvestors.list_id}
    WHERE ${listInvestors.investor_id} = ${investorId}
      AND (${lists.user_id} = ${userId} OR EXISTS (SELECT 1 FROM ${listMembers}
        WHERE ${listMembers.list_id} = ${lists.id} AND ${listMembers.user_id} = ${userId})))`;
}

/**
 * Who sees a private contact: its owner, and the members of a list holding it while it does. Of a row of
 * investor_rows (`owner` null for the catalogue, which everyone sees), or of private_contacts.
 */
export function seesInvestor(userId: number, columns: { id: AnyPgColumn; owner: AnyPgColumn }): SQL {
  return sql`(${columns.owner} IS NULL OR ${columns.owner} = ${userId} OR ${onListOf(userId, columns.id)})`;
}
