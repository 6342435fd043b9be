// Who holds a private contact when its owner leaves a list holding it. A private contact is on a list only while its
// owner is on that list (only its owner puts it on one, visibility.ts): so when a member leaves a list, or is removed,
// her contacts on it pass to the list's owner, and leave her other lists the new owner is not on. Her reach over
// what the team sees ends with her membership; her notes on those rows stay, hers, out of her reach.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { listInvestors, lists, privateContacts } from '../../db/schema.js';
import { ChangeLog } from '../lists/change-log.js';
import { isOnList } from '../lists/list-access.js';
import { forgetRowTexts } from '../pipeline/entry-texts.js';

/**
 * In the transaction removing `from` from the list (its row lock held), her private contacts on it pass to `to`,
 * the list's owner; they leave every other list `to` is not on, each such list locked (in id order) and its change
 * logged as hers: answers those lists' change logs, to publish once committed.
 */
export async function passContactsOnList(tx: Db, listId: number, from: number, to: number): Promise<ChangeLog[]> {
  const held = await tx
    .select({ id: privateContacts.id })
    .from(privateContacts)
    .innerJoin(listInvestors, eq(listInvestors.investor_id, privateContacts.id))
    .where(and(eq(listInvestors.list_id, listId), eq(privateContacts.owner_id, from)))
    .orderBy(asc(privateContacts.id))
    .for('update', { of: privateContacts });
  const ids = held.map((row) => row.id);
  if (ids.length === 0) return [];
  await tx.update(privateContacts).set({ owner_id: to, updated_at: new Date() }).where(inArray(privateContacts.id, ids));
  const elsewhere = await tx
    .selectDistinct({ id: lists.id })
    .from(lists)
    .innerJoin(listInvestors, eq(listInvestors.list_id, lists.id))
    .where(and(inArray(listInvestors.investor_id, ids), sql`NOT ${isOnList(to)}`))
    .orderBy(asc(lists.id));
  const logs: ChangeLog[] = [];
  for (const { id: otherList } of elsewhere) {
    await tx.select({ id: lists.id }).from(lists).where(eq(lists.id, otherList)).for('update');
    const removed = await tx
      .delete(listInvestors)
      .where(and(eq(listInvestors.list_id, otherList), inArray(listInvestors.investor_id, ids)))
      .returning({ id: listInvestors.investor_id });
    if (removed.length === 0) continue;
    const log = new ChangeLog(tx, otherList, from);
    for (const { id } of removed) {
      await forgetRowTexts(tx, { listId: otherList, kind: 'investor', itemId: id });
      await log.events([{ type: 'row-removed', data: { kind: 'investor', item_id: id } }]);
    }
    await log.activity(removed.map(({ id }) => ({ kind: 'investor' as const, itemId: id, action: 'removed' as const })));
    await tx.update(lists).set({ updated_at: new Date() }).where(eq(lists.id, otherList));
    logs.push(log);
  }
  return logs;
}
