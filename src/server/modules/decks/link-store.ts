// Deck links: made by the deck's owner (a row's link on a list she owns or edits), read by her and by the members
// of the row's list, each with what its readers did.
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { DECK_LIMITS, type DeckLink, type DeckLinkCreate, type DeckLinkPatch, type DeckLinkStats } from '../../../shared/decks.js';
import type { Person } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { deckLinks, decks, deckVersions, deckViewPages, deckViews, investorRows, listInvestors } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError } from '../../plugins/error-handler.js';
import { ChangeLog } from '../lists/change-log.js';
import { listAccess } from '../lists/list-access.js';
import { changeList, publishChanges, type ListWriter } from '../lists/list-change.js';
import { personJson } from '../pipeline/pipeline-columns.js';
import { ownDeck } from './deck-store.js';
import { deleteFiles } from './file-store.js';
import { clearRowDecks, lockList } from './row-deck.js';
import { groupVisits, pageTimes, summarize, toVisit, type ViewTimes } from './visits.js';

export const LINK_NOT_FOUND = 'Deck link not found';
export const OWNER_ONLY = "Only the deck's owner makes and changes its links";

/** A new link's token: 192 random bits, base64url (32 characters). */
export const newToken = () => randomBytes(24).toString('base64url');

/** The id of the version a link shows: its pinned one, else its deck's latest. */
export const shownVersionId = sql<number>`coalesce(${deckLinks.version_id}, (SELECT v.id FROM deck_versions v
  WHERE v.deck_id = ${deckLinks.deck_id} ORDER BY v.version DESC LIMIT 1))`;

const linkSelection = {
  link: deckLinks,
  deck_name: decks.name,
  owner_id: decks.user_id,
  shows_version: deckVersions.version,
  page_count: deckVersions.page_count,
  version_row: deckVersions.id,
  investor_first: investorRows.first_name,
  investor_last: investorRows.last_name,
  created_by_person: sql<string | null>`${personJson(deckLinks.created_by)}::text`,
};

function linkQuery(db: Db, where: SQL) {
  return db
    .select(linkSelection)
    .from(deckLinks)
    .innerJoin(decks, eq(decks.id, deckLinks.deck_id))
    .innerJoin(deckVersions, eq(deckVersions.id, shownVersionId))
    .leftJoin(investorRows, and(eq(investorRows.id, deckLinks.investor_id), isNotNull(deckLinks.list_id)))
    .where(where)
    .orderBy(desc(deckLinks.created_at), desc(deckLinks.id));
}

export type LinkRow = Awaited<ReturnType<typeof linkQuery>>[number];

/** Every view of these links with its pages, by link. */
export async function viewsOf(db: Db, linkIds: number[]): Promise<Map<number, ViewTimes[]>> {
  const byLink = new Map<number, ViewTimes[]>();
  if (linkIds.length === 0) return byLink;
  const views = await db
    .select({ id: deckViews.id, link_id: deckViews.link_id, started_at: deckViews.started_at, last_read_at: deckViews.last_read_at, counted_ms: deckViews.counted_ms, email: deckViews.email })
    .from(deckViews)
    .where(inArray(deckViews.link_id, linkIds));
  const pages = await db
    .select({ view_id: deckViewPages.view_id, page: deckViewPages.page, ms: deckViewPages.ms, first_read: deckViewPages.first_read })
    .from(deckViewPages)
    .innerJoin(deckViews, eq(deckViews.id, deckViewPages.view_id))
    .where(inArray(deckViews.link_id, linkIds));
  const pagesOf = new Map<number, ViewTimes['pages']>();
  for (const { view_id, ...page } of pages) pagesOf.set(view_id, [...(pagesOf.get(view_id) ?? []), { ...page, ms: Number(page.ms) }]);
  for (const view of views) {
    const times: ViewTimes = { started_at: view.started_at, last_read_at: view.last_read_at, counted_ms: Number(view.counted_ms), email: view.email, pages: pagesOf.get(view.id) ?? [] };
    byLink.set(view.link_id, [...(byLink.get(view.link_id) ?? []), times]);
  }
  return byLink;
}

function toLink(row: LinkRow, views: ViewTimes[]): DeckLink {
  const { link } = row;
  const onRow = link.list_id !== null && link.investor_id !== null;
  return {
    id: link.id,
    deck_id: link.deck_id,
    deck_name: row.deck_name,
    token: link.token,
    name: link.name,
    row: onRow
      ? { list_id: link.list_id!, investor_id: link.investor_id!, investor_name: `${row.investor_first ?? ''} ${row.investor_last ?? ''}`.trim() || `Investor ${link.investor_id}` }
      : null,
    version_id: link.version_id,
    shows_version: row.shows_version,
    require_email: link.require_email,
    email: link.email,
    expires_at: link.expires_at?.toISOString() ?? null,
    allow_download: link.allow_download,
    watermark: link.watermark,
    revoked_at: link.revoked_at?.toISOString() ?? null,
    created_by: row.created_by_person === null ? null : (JSON.parse(row.created_by_person) as Person),
    created_at: link.created_at.toISOString(),
    summary: summarize(views, row.page_count),
  };
}

async function linksWhere(db: Db, where: SQL): Promise<DeckLink[]> {
  const rows = await linkQuery(db, where);
  const views = await viewsOf(db, rows.map((row) => row.link.id));
  return rows.map((row) => toLink(row, views.get(row.link.id) ?? []));
}

/**
 * A link as the caller may use it: the deck's owner for anything; a member of the row's list to read it, and a 403
 * to change it; anyone else a 404, as for a link that does not exist.
 */
async function linkFor(db: Db, userId: number, linkId: number, need: 'read' | 'change'): Promise<LinkRow> {
  const [row] = await linkQuery(db, eq(deckLinks.id, linkId));
  if (!row) throw new HttpError(404, LINK_NOT_FOUND);
  if (row.owner_id === userId) return row;
  const { list_id: listId } = row.link;
  if (listId === null || row.link.investor_id === null) throw new HttpError(404, LINK_NOT_FOUND);
  try {
    await listAccess(db, userId, listId, 'read');
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw new HttpError(404, LINK_NOT_FOUND);
    throw error;
  }
  if (need === 'change') throw new HttpError(403, OWNER_ONLY);
  return row;
}

export async function getLink(db: Db, userId: number, linkId: number): Promise<DeckLink> {
  const row = await linkFor(db, userId, linkId, 'read');
  const views = await viewsOf(db, [row.link.id]);
  return toLink(row, views.get(row.link.id) ?? []);
}

/** The links of her deck (another's: 404). */
export async function deckLinksOf(db: Db, userId: number, deckId: number): Promise<DeckLink[]> {
  await ownDeck(db, userId, deckId);
  return linksWhere(db, eq(deckLinks.deck_id, deckId));
}

/** The links made for a row of a list the caller is on (404 off it). */
export async function rowLinks(db: Db, userId: number, listId: number, investorId: number): Promise<DeckLink[]> {
  await listAccess(db, userId, listId, 'read');
  return linksWhere(db, and(eq(deckLinks.list_id, listId), eq(deckLinks.investor_id, investorId))!);
}

const futureOrNull = (expiresAt: string | null | undefined, now: Date) => {
  if (expiresAt === undefined || expiresAt === null) return expiresAt;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) throw new HttpError(422, "body 'expires_at' must be in the future");
  return at;
};

const trimmedName = (name: string | undefined) => {
  if (name === undefined) return undefined;
  const trimmed = name.trim();
  if (trimmed === '') throw new HttpError(422, "body 'name' must not be blank");
  return trimmed;
};

async function assertVersionOf(db: Db, deckId: number, versionId: number | null | undefined): Promise<void> {
  if (versionId === undefined || versionId === null) return;
  const [row] = await db.select({ id: deckVersions.id }).from(deckVersions).where(and(eq(deckVersions.id, versionId), eq(deckVersions.deck_id, deckId)));
  if (!row) throw new HttpError(422, "body 'version_id' must be a version of this deck");
}

/** An investor's e-mail as the catalogue or a private contact holds it, or null (a missing one is 'NaN' or empty). */
async function investorEmail(db: Db, investorId: number): Promise<string | null> {
  const [row] = await db.select({ email: investorRows.email }).from(investorRows).where(eq(investorRows.id, investorId));
  const email = row?.email?.trim();
  return email && email !== 'NaN' && email.includes('@') ? email : null;
}

/**
 * A new link to her deck. A row's link needs the row on an investor list she owns or edits (404 off the list or the
 * row, 403 a viewer, 422 a fund list), prefills the investor's e-mail when known and logs 'deck_shared' on the row.
 */
export async function createLink(writer: ListWriter, userId: number, deckId: number, input: DeckLinkCreate, now: Date): Promise<DeckLink> {
  const { db } = writer;
  const deck = await ownDeck(db, userId, deckId);
  const [{ n }] = await db.select({ n: count() }).from(deckLinks).where(eq(deckLinks.deck_id, deckId));
  if (Number(n) >= DECK_LIMITS.linksPerDeck) throw new HttpError(422, `A deck can have at most ${DECK_LIMITS.linksPerDeck} links`);
  await assertVersionOf(db, deckId, input.version_id);
  const hasList = input.list_id !== undefined;
  if (hasList !== (input.investor_id !== undefined)) throw new HttpError(422, "body 'list_id' and 'investor_id' go together: both or neither");
  const name = trimmedName(input.name);
  const values = {
    deck_id: deckId,
    token: newToken(),
    name: name ?? null,
    version_id: input.version_id ?? null,
    require_email: input.require_email ?? true,
    expires_at: futureOrNull(input.expires_at, now) ?? null,
    allow_download: input.allow_download ?? false,
    watermark: input.watermark ?? false,
    created_by: userId,
  };
  if (!hasList) {
    if (name === undefined) throw new HttpError(422, "body 'name' is required for a link not made for a row");
    const [link] = await db.insert(deckLinks).values({ ...values, email: input.email ?? null }).returning({ id: deckLinks.id });
    return getLink(db, userId, link.id);
  }
  const listId = input.list_id!;
  const investorId = input.investor_id!;
  const linkId = await changeList(writer, { userId, listId }, 'edit', async (tx, { list }, log) => {
    if (list.list_type !== 'investor') throw new HttpError(422, 'Deck links are made for investors: this is a list of funds');
    const [row] = await tx
      .select({ id: listInvestors.investor_id })
      .from(listInvestors)
      .where(and(eq(listInvestors.list_id, listId), eq(listInvestors.investor_id, investorId)));
    if (!row) throw new HttpError(404, `Investor ${investorId} is not in this list`);
    const email = input.email === undefined ? await investorEmail(tx, investorId) : input.email;
    const [link] = await tx.insert(deckLinks).values({ ...values, email, list_id: listId, investor_id: investorId }).returning({ id: deckLinks.id });
    await log.activity([{ kind: 'investor', itemId: investorId, action: 'deck_shared', detail: { deck: { link_id: link.id, deck_name: deck.name, email } } }]);
    return link.id;
  });
  return getLink(db, userId, linkId);
}

/** Changes a link's settings (the deck's owner). */
export async function patchLink(db: Db, userId: number, linkId: number, input: DeckLinkPatch, now: Date): Promise<DeckLink> {
  const row = await linkFor(db, userId, linkId, 'change');
  await assertVersionOf(db, row.link.deck_id, input.version_id);
  const set: Partial<typeof deckLinks.$inferInsert> = {};
  const name = trimmedName(input.name);
  if (name !== undefined) set.name = name;
  if (input.version_id !== undefined) set.version_id = input.version_id;
  if (input.require_email !== undefined) set.require_email = input.require_email;
  if (input.email !== undefined) set.email = input.email;
  if (input.expires_at !== undefined) set.expires_at = futureOrNull(input.expires_at, now);
  if (input.allow_download !== undefined) set.allow_download = input.allow_download;
  if (input.watermark !== undefined) set.watermark = input.watermark;
  if (Object.keys(set).length > 0) await db.update(deckLinks).set(set).where(eq(deckLinks.id, linkId));
  return getLink(db, userId, linkId);
}

/** Revokes a link (the deck's owner): it answers 404 from then on. Revoking it again changes nothing. */
export async function revokeLink(db: Db, userId: number, linkId: number): Promise<DeckLink> {
  await linkFor(db, userId, linkId, 'change');
  await db.update(deckLinks).set({ revoked_at: sql`coalesce(${deckLinks.revoked_at}, now())` }).where(eq(deckLinks.id, linkId));
  return getLink(db, userId, linkId);
}

export async function linkStats(db: Db, userId: number, linkId: number): Promise<DeckLinkStats> {
  const row = await linkFor(db, userId, linkId, 'read');
  const views = (await viewsOf(db, [linkId])).get(linkId) ?? [];
  return {
    link: toLink(row, views),
    page_ms: pageTimes(views, row.page_count),
    visits: groupVisits(views).map(toVisit).reverse(),
  };
}

/**
 * Deletes her deck with its versions, links and views; the deck lines of rows that showed one of its links are
 * cleared, and their lists told.
 */
export async function deleteDeck(writer: ListWriter, userId: number, deckId: number): Promise<void> {
  const logs = await writeTransaction(writer.db, async (tx) => {
    await ownDeck(tx, userId, deckId, true);
    const links = await tx.select({ id: deckLinks.id, listId: deckLinks.list_id }).from(deckLinks).where(eq(deckLinks.deck_id, deckId));
    const files = await tx.select({ id: deckVersions.file_id }).from(deckVersions).where(eq(deckVersions.deck_id, deckId));
    await tx.delete(decks).where(eq(decks.id, deckId));
    await deleteFiles(tx, files.map((file) => file.id));
    const listIds = [...new Set(links.map((link) => link.listId).filter((id): id is number => id !== null))].sort((a, b) => a - b);
    const written: ChangeLog[] = [];
    for (const listId of listIds) {
      if (!(await lockList(tx, listId))) continue;
      const log = new ChangeLog(tx, listId, userId);
      await clearRowDecks(tx, log, links.map((link) => link.id));
      written.push(log);
    }
    return written;
  });
  await publishChanges(writer, logs);
}
