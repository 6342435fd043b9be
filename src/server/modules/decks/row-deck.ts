// A row's deck line (pipeline.deck): written where its links are read or go, under the list's row lock, with the
// row-changed event every member's stream carries.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RowDeck } from '../../../shared/decks.js';
import type { Db } from '../../db/client.js';
import { listInvestors, lists } from '../../db/schema.js';
import type { ChangeLog } from '../lists/change-log.js';

/** Takes the list's row lock, as every change to a list does before its events take their ids. */
export async function lockList(tx: Db, listId: number): Promise<boolean> {
  const [row] = await tx.select({ id: lists.id }).from(lists).where(eq(lists.id, listId)).for('update');
  return row !== undefined;
}

/** Sets one row's deck line (the list locked) and tells the list: nothing when the row has left it or it is the same. */
export async function setRowDeck(tx: Db, log: ChangeLog, investorId: number, deck: RowDeck | null): Promise<void> {
  const row = and(eq(listInvestors.list_id, log.listId), eq(listInvestors.investor_id, investorId));
  const [old] = await tx.select({ deck: listInvestors.deck }).from(listInvestors).where(row);
  if (!old || JSON.stringify(old.deck ?? null) === JSON.stringify(deck)) return;
  await tx.update(listInvestors).set({ deck }).where(row);
  await log.events([{ type: 'row-changed', data: { kind: 'investor', item_id: investorId, changes: { deck: { from: old.deck ?? null, to: deck } } } }]);
}

/** Clears the deck lines of the list's rows that show one of these links (a deck deleted), telling the list. */
export async function clearRowDecks(tx: Db, log: ChangeLog, linkIds: number[]): Promise<void> {
  if (linkIds.length === 0) return;
  const rows = await tx
    .select({ investorId: listInvestors.investor_id })
    .from(listInvestors)
    .where(and(eq(listInvestors.list_id, log.listId), inArray(sql<number>`(${listInvestors.deck}->>'link_id')::int`, linkIds)));
  for (const { investorId } of rows) await setRowDeck(tx, log, investorId, null);
}
