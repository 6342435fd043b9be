import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CONTACTS_PER_USER_MAX, type InvestorWithPrivacy } from '../../../shared/contacts.js';
import { INVESTOR_FIELDS, wireFieldNames } from '../../../shared/catalogue-fields.js';
import type { Db } from '../../db/client.js';
import { writeTransaction } from '../../db/transaction.js';
import { investors, listInvestors, lists, privateContacts, users } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { investorCatalogue } from '../catalogue/catalogues.js';
import { toWire } from '../catalogue/wire.js';
import { ChangeLog } from '../lists/change-log.js';
import { publishChanges, type ListWriter } from '../lists/list-change.js';
import { forgetRowTexts } from '../pipeline/entry-texts.js';
import { seesInvestor } from './visibility.js';
import type { FieldError, StoredContact } from './contact-fields.js';

export const CONTACT_MESSAGES = {
  catalogue: 'Catalogue investors cannot be changed',
  notOwner: 'Only the founder who added this private contact can change or delete it',
  notFound: (id: number) => `Investor ${id} not found`,
  tooMany: `You have ${CONTACTS_PER_USER_MAX.toLocaleString('en-US')} private contacts, the most one account may keep`,
};

const t = privateContacts;
const wireColumns = Object.fromEntries(
  wireFieldNames(INVESTOR_FIELDS).map((name) => [name, (t as unknown as Record<string, AnyPgColumn>)[name]]),
);
const listCount = sql<number>`(SELECT count(*) FROM ${listInvestors} WHERE ${listInvestors.investor_id} = ${t.id})::int`;

export type ContactRow = InvestorWithPrivacy & { list_count?: number };

/** A contact row as answered: the investor's wire fields and `private: true` (and `list_count` for its owner). */
function toContact(row: Record<string, unknown>, withCount: boolean): ContactRow {
  const { list_count, owner_id: _owner, ...fields } = row;
  const wire = toWire(investorCatalogue, fields) as ContactRow;
  wire.private = true;
  if (withCount) wire.list_count = list_count as number;
  return wire;
}

/** Problems of a contact's fields as one `{detail}`: the first, with how many more. */
export function fieldsError(errors: FieldError[]): HttpError {
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return new HttpError(422, `${errors[0].detail}${more}`);
}

/** The contacts the user owns, under their row lock, must stay within CONTACTS_PER_USER_MAX once `adding` more. */
export async function assertRoomForContacts(tx: Db, userId: number, adding: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [{ owned }] = await tx.select({ owned: sql<number>`count(*)::int` }).from(t).where(eq(t.owner_id, userId));
  if (owned + adding > CONTACTS_PER_USER_MAX) throw new HttpError(422, CONTACT_MESSAGES.tooMany);
}

/** Creates a private contact the user owns from checked fields. */
export async function createContact(db: Db, userId: number, values: StoredContact): Promise<ContactRow> {
  return writeTransaction(db, async (tx) => {
    await assertRoomForContacts(tx, userId, 1);
    const [row] = await tx
      .insert(t)
      .values({ ...values, gender: 'NaN', owner_id: userId })
      .returning({ ...wireColumns, list_count: sql<number>`0` });
    return toContact(row, true);
  });
}

/** A private contact the user may see (its owner also learns on how many lists it is), or undefined. */
export async function visibleContact(db: Db, userId: number, id: number): Promise<ContactRow | undefined> {
  const [row] = await db
    .select({ ...wireColumns, owner_id: t.owner_id, list_count: listCount })
    .from(t)
    .where(and(eq(t.id, id), seesInvestor(userId, { id: t.id, owner: t.owner_id })));
  return row ? toContact(row, row.owner_id === userId) : undefined;
}

/**
 * The stored contact the user owns (with `lock`, locked for the change): a catalogue investor is a 403 (nobody
 * changes it), a contact they do not see a 404, one they see but do not own a 403.
 */
async function ownedContact(tx: Db, userId: number, id: number, lock: boolean): Promise<StoredContact> {
  const query = tx
    .select({ ...wireColumns, owner_id: t.owner_id, sees: seesInvestor(userId, { id: t.id, owner: t.owner_id }) })
    .from(t)
    .where(eq(t.id, id));
  const [row] = lock ? await query.for('update', { of: t }) : await query;
  if (!row || !row.sees) {
    const [catalogue] = row ? [] : await tx.select({ id: investors.id }).from(investors).where(eq(investors.id, id));
    if (catalogue) throw new HttpError(403, CONTACT_MESSAGES.catalogue);
    throw new HttpError(404, CONTACT_MESSAGES.notFound(id));
  }
  if (row.owner_id !== userId) throw new HttpError(403, CONTACT_MESSAGES.notOwner);
  return row as unknown as StoredContact;
}

/** The lists holding the investor now, in id order; with `lock` (and not among `except`), locked in that order. */
async function listsHolding(tx: Db, investorId: number, lock: boolean, except: number[] = []): Promise<number[]> {
  const query = tx
    .select({ id: lists.id })
    .from(lists)
    .innerJoin(listInvestors, eq(listInvestors.list_id, lists.id))
    .where(and(eq(listInvestors.investor_id, investorId), except.length > 0 ? notInArray(lists.id, except) : undefined))
    .orderBy(asc(lists.id));
  return (lock ? await query.for('update', { of: lists }) : await query).map((row) => row.id);
}

/**
 * The contact the user owns, locked for a change or its deletion, and the lists holding it, each locked and with a
 * change log for what happens to its row (`publish` tells their live streams once committed). The lists' locks
 * come first, in id order, then the contact's: the order in which a change to a list takes them (the list's row
 * lock, then a key-share lock on the contact it adds, or whose row it changes). The other way round, a contact
 * deleted while a list holding it was changed (an import, a stage) waited for that change, which waited for it:
 * a deadlock. A list that took the contact on before its lock was had (that change committed: it held the
 * contact's key share) is locked after it, out of order: rarely, that deadlocks still, and writeTransaction runs
 * the transaction again. With the contact locked no list takes it on; with every list holding it locked, none
 * lets go of it: the lists read last are exactly those holding it.
 */
async function lockContactAndLists(tx: Db, userId: number, id: number): Promise<{ current: StoredContact; held: ChangeLog[] }> {
  await ownedContact(tx, userId, id, false);
  const locked = await listsHolding(tx, id, true);
  const current = await ownedContact(tx, userId, id, true);
  for (;;) {
    const holding = await listsHolding(tx, id, false);
    const late = holding.filter((listId) => !locked.includes(listId));
    if (late.length === 0) return { current, held: holding.map((listId) => new ChangeLog(tx, listId, userId)) };
    locked.push(...(await listsHolding(tx, id, true, locked)));
  }
}

/** Changes a contact the user owns; each list holding it is told its row changed, so open pages read it again. */
export async function updateContact(
  writer: ListWriter,
  userId: number,
  id: number,
  check: (current: StoredContact) => Partial<StoredContact>,
): Promise<ContactRow> {
  const { held, changed } = await writeTransaction(writer.db, async (tx) => {
    const { current, held } = await lockContactAndLists(tx, userId, id);
    const values = check(current);
    await tx.update(t).set({ ...values, updated_at: new Date() }).where(eq(t.id, id));
    for (const log of held) {
      await log.events([{ type: 'row-changed', data: { kind: 'investor', item_id: id, changes: {} } }]);
    }
    // Read under the contact's lock: a deletion waiting for it may commit before a read after this one.
    return { held, changed: (await visibleContact(tx, userId, id))! };
  });
  await publishChanges(writer, held);
  return changed;
}

/** Deletes a contact the user owns: it leaves every list holding it, each list logging the removal as its own. */
export async function deleteContact(writer: ListWriter, userId: number, id: number): Promise<void> {
  const logs = await writeTransaction(writer.db, async (tx) => {
    const { held } = await lockContactAndLists(tx, userId, id);
    for (const log of held) {
      await forgetRowTexts(tx, { listId: log.listId, kind: 'investor', itemId: id });
      await tx.update(lists).set({ updated_at: new Date() }).where(eq(lists.id, log.listId));
      await log.record([{ kind: 'investor', itemId: id, action: 'removed' }], [{ type: 'row-removed', data: { kind: 'investor', item_id: id } }]);
    }
    // Its list rows (and their notes) go with it: the database's trigger (migration 0011).
    await tx.delete(t).where(eq(t.id, id));
    return held;
  });
  await publishChanges(writer, logs);
}

/** The user's own contacts, newest first, a page at a time, those whose name, firm, e-mail or city has `search`. */
export async function ownContacts(db: Db, userId: number, page: number, perPage: number, search?: string) {
  const conditions: SQL[] = [eq(t.owner_id, userId)];
  const term = search?.trim().toLowerCase();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`lower(${t.first_name} || ' ' || ${t.last_name} || ' ' || ${t.firm_name} || ' ' || ${t.email} || ' ' || ${t.city}) LIKE ${pattern}`,
    );
  }
  const where = and(...conditions);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(t).where(where),
    db
      .select({ ...wireColumns, list_count: listCount })
      .from(t)
      .where(where)
      .orderBy(sql`${t.id} DESC`)
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  return { results: rows.map((row) => toContact(row, true)), total_pages: Math.ceil(total / perPage), total };
}

/**
 * Of these investor ids, those the user may put on a list: every catalogue investor, and the private contacts they
 * own (only its owner puts a contact on a list: a member who sees another's contact on a list she is on cannot
 * take it to a list of her own, where it would outlive her access). `lockForAdding` (in the transaction that adds
 * them, after the list's lock) holds a key-share lock on those contacts until it ends, so none is deleted before
 * they are added: a contact being deleted is waited for, and is then not addable (the caller's 422), where the list
 * row added after it would have failed the database's check (a 500).
 */
export async function addableInvestors(
  db: Db,
  userId: number,
  ids: number[],
  { lockForAdding = false }: { lockForAdding?: boolean } = {},
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const catalogue = await db.select({ id: investors.id }).from(investors).where(inArray(investors.id, ids));
  const query = db
    .select({ id: t.id })
    .from(t)
    .where(and(inArray(t.id, ids), eq(t.owner_id, userId)))
    .orderBy(asc(t.id));
  const contacts = lockForAdding ? await query.for('key share', { of: t }) : await query;
  return new Set([...catalogue, ...contacts].map((row) => row.id));
}

/** Whether the investor is one the user sees: a catalogue investor, or a private contact they see. */
export async function seesInvestorId(db: Db, userId: number, id: number): Promise<boolean> {
  const [catalogue] = await db.select({ id: investors.id }).from(investors).where(eq(investors.id, id));
  return catalogue !== undefined || (await visibleContact(db, userId, id)) !== undefined;
}
