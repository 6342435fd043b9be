// A founder's decks and their versions: the PDFs' bytes are kept in the database and read only to serve a view.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { DECK_LIMITS, type Deck, type DeckVersion } from '../../../shared/decks.js';
import type { Db } from '../../db/client.js';
import { deckLinks, decks, deckVersions, users } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError } from '../../plugins/error-handler.js';
import { deleteFiles, writeFile } from './file-store.js';

export const DECK_NOT_FOUND = 'Deck not found';

/** A PDF read and checked, ready to keep. */
export interface CheckedPdf {
  bytes: Uint8Array;
  pageCount: number;
  sha256: string;
  fileName: string;
}

const versionColumns = {
  id: deckVersions.id,
  deck_id: deckVersions.deck_id,
  version: deckVersions.version,
  file_name: deckVersions.file_name,
  bytes: deckVersions.bytes,
  page_count: deckVersions.page_count,
  created_at: deckVersions.created_at,
};

type VersionRow = { [K in keyof typeof versionColumns]: (typeof versionColumns)[K]['_']['data'] };

const toVersion = (row: VersionRow): DeckVersion => ({
  id: row.id,
  version: row.version,
  file_name: row.file_name,
  bytes: row.bytes,
  page_count: row.page_count,
  created_at: row.created_at.toISOString(),
});

/** The decks of these ids as answered: latest version, link count, and every version when asked. */
async function decksOf(db: Db, rows: Array<typeof decks.$inferSelect>, withVersions: boolean): Promise<Deck[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const versions = await db
    .select(versionColumns)
    .from(deckVersions)
    .where(inArray(deckVersions.deck_id, ids))
    .orderBy(desc(deckVersions.version));
  const links = await db
    .select({ deck_id: deckLinks.deck_id, n: count() })
    .from(deckLinks)
    .where(inArray(deckLinks.deck_id, ids))
    .groupBy(deckLinks.deck_id);
  const linkCount = new Map(links.map((row) => [row.deck_id, Number(row.n)]));
  return rows.map((row) => {
    const own = versions.filter((version) => version.deck_id === row.id).map(toVersion);
    return {
      id: row.id,
      name: row.name,
      latest: own[0],
      ...(withVersions && { versions: own }),
      link_count: linkCount.get(row.id) ?? 0,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  });
}

/** Her decks, the latest changed first. */
export async function listDecks(db: Db, userId: number): Promise<Deck[]> {
  const rows = await db.select().from(decks).where(eq(decks.user_id, userId)).orderBy(desc(decks.updated_at), desc(decks.id));
  return decksOf(db, rows, false);
}

/** One of her decks (locked when `lock`); another's, or none, is a 404. */
export async function ownDeck(db: Db, userId: number, deckId: number, lock = false) {
  const query = db.select().from(decks).where(and(eq(decks.id, deckId), eq(decks.user_id, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, DECK_NOT_FOUND);
  return row;
}

export async function getDeck(db: Db, userId: number, deckId: number): Promise<Deck> {
  const [deck] = await decksOf(db, [await ownDeck(db, userId, deckId)], true);
  return deck;
}

/** Whether she may add one more deck: the count, read before an upload's body is. */
export async function assertDeckRoom(db: Db, userId: number): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(decks).where(eq(decks.user_id, userId));
  if (Number(n) >= DECK_LIMITS.decksPerAccount) {
    throw new HttpError(422, `You can keep at most ${DECK_LIMITS.decksPerAccount} decks: delete one to upload another`);
  }
}

/** Whether the deck may take one more version (hers, else a 404). */
export async function assertVersionRoom(db: Db, userId: number, deckId: number): Promise<void> {
  await ownDeck(db, userId, deckId);
  const [{ n }] = await db.select({ n: count() }).from(deckVersions).where(eq(deckVersions.deck_id, deckId));
  if (Number(n) >= DECK_LIMITS.versionsPerDeck) {
    throw new HttpError(422, `A deck keeps at most ${DECK_LIMITS.versionsPerDeck} versions: upload it as a new deck`);
  }
}

const versionValues = (deckId: number, version: number, pdf: CheckedPdf, fileId: number) => ({
  deck_id: deckId,
  version,
  file_name: pdf.fileName,
  bytes: pdf.bytes.length,
  page_count: pdf.pageCount,
  sha256: pdf.sha256,
  file_id: fileId,
});

/** The bytes kept first, a chunk at a time, then `work` names them in a short transaction; failing, nothing is kept. */
async function withFile<T>(db: Db, pdf: CheckedPdf, work: (fileId: number) => Promise<T>): Promise<T> {
  const fileId = await writeFile(db, pdf.bytes);
  try {
    return await work(fileId);
  } catch (error) {
    await deleteFiles(db, [fileId]).catch(() => {});
    throw error;
  }
}

/** A new deck of one version. The count is checked again under her user row's lock: two uploads at once keep the limit. */
export async function createDeck(db: Db, userId: number, name: string, pdf: CheckedPdf): Promise<Deck> {
  const deckId = await withFile(db, pdf, (fileId) =>
    writeTransaction(db, async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      await assertDeckRoom(tx, userId);
      const [deck] = await tx.insert(decks).values({ user_id: userId, name }).returning({ id: decks.id });
      await tx.insert(deckVersions).values(versionValues(deck.id, 1, pdf, fileId));
      return deck.id;
    }),
  );
  return getDeck(db, userId, deckId);
}

/** A new version of her deck, the latest from now on (links not pinned show it). */
export async function addVersion(db: Db, userId: number, deckId: number, pdf: CheckedPdf): Promise<Deck> {
  await withFile(db, pdf, (fileId) => writeTransaction(db, async (tx) => {
    await ownDeck(tx, userId, deckId, true);
    await assertVersionRoom(tx, userId, deckId);
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${deckVersions.version}), 0)::int` })
      .from(deckVersions)
      .where(eq(deckVersions.deck_id, deckId));
    await tx.insert(deckVersions).values(versionValues(deckId, last + 1, pdf, fileId));
    await tx.update(decks).set({ updated_at: sql`now()` }).where(eq(decks.id, deckId));
  }));
  return getDeck(db, userId, deckId);
}

export async function renameDeck(db: Db, userId: number, deckId: number, name: string): Promise<Deck> {
  await ownDeck(db, userId, deckId);
  await db.update(decks).set({ name, updated_at: sql`now()` }).where(eq(decks.id, deckId));
  return getDeck(db, userId, deckId);
}
