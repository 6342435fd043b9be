// The viewer's side of a link (no log-in): its gate, a view and its key, the PDF for that view only, and the
// beacons of time read, which move the row's deck line and log 'deck_opened' on the row.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DECK_LIMITS, type DeckBeacon, type DeckLinkPublic, type DeckViewStart, type RowDeck } from '../../../shared/decks.js';
import type { Db } from '../../db/client.js';
import { deckLinks, decks, deckVersions, deckViewPages, deckViews, investorRows, listEvents } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError } from '../../plugins/error-handler.js';
import { ChangeLog } from '../lists/change-log.js';
import { publishChanges, type ListWriter } from '../lists/list-change.js';
import { NO_LIST_ID, type DeckOpenedFacts } from '../../../shared/teams.js';
import type { Mailer } from '../../mail/mailer.js';
import { readFile } from './file-store.js';
import { shownVersionId, viewsOf } from './link-store.js';
import { claimDeckOpened, deckOpenedFacts, sendDeckOpened, type DeckOpened } from './opened-mail.js';
import { lockList, setRowDeck } from './row-deck.js';
import { beaconProblem, summarize } from './visits.js';
import type { AcceptedBeacon, BeaconQueue } from './beacon-queue.js';

export const VIEWER_MESSAGES = {
  notFound: 'This link does not exist or was turned off by its sender',
  expired: 'This link has expired: ask its sender for a new one',
  emailRequired: 'Enter your e-mail to open the deck',
  viewNotFound: 'This view does not exist for this link',
  wrongKey: 'This view is not yours: open the link again',
  noDownload: 'Its sender does not offer this deck to download',
  replayed: 'This beacon was counted already',
} as const;

/** What counting a beacon needs: the list writer's, and the mailer for "NAME opened your deck". */
export type DeckWriter = ListWriter & { mailer: Mailer; config: { appUrl: string } };

/** How often a view moves the row's deck line after its first time read (each move is a row-changed event to every member). */
export const ROW_TELL_EVERY_MS = 60_000;

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;
const hashKey = (key: string) => createHash('sha256').update(key).digest();

/** The link of a token, usable now: unknown or revoked (or its deck gone) 404, expired 410. */
async function openLink(db: Db, token: string, now: Date) {
  if (!TOKEN.test(token)) throw new HttpError(404, VIEWER_MESSAGES.notFound);
  const [row] = await db
    .select({ link: deckLinks, deck_name: decks.name, version_id: deckVersions.id, page_count: deckVersions.page_count })
    .from(deckLinks)
    .innerJoin(decks, eq(decks.id, deckLinks.deck_id))
    .innerJoin(deckVersions, eq(deckVersions.id, shownVersionId))
    .where(eq(deckLinks.token, token));
  if (!row) throw new HttpError(404, VIEWER_MESSAGES.notFound);
  usable(row.link, now);
  return row;
}

/** A link turned off 404, one past its expiry 410. */
function usable(link: { revoked_at: Date | null; expires_at: Date | null }, now: Date): void {
  if (link.revoked_at !== null) throw new HttpError(404, VIEWER_MESSAGES.notFound);
  if (link.expires_at !== null && link.expires_at.getTime() <= now.getTime()) throw new HttpError(410, VIEWER_MESSAGES.expired);
}

export async function publicLink(db: Db, token: string, now: Date): Promise<DeckLinkPublic> {
  const { link, deck_name, page_count } = await openLink(db, token, now);
  return { deck_name, page_count, require_email: link.require_email, email: link.email, allow_download: link.allow_download, watermark: link.watermark };
}

/** A view past the gate, of the version the link shows now; its key is answered once and kept only as a hash. */
export async function startView(db: Db, token: string, email: string | undefined, now: Date): Promise<DeckViewStart> {
  const { link, version_id, page_count } = await openLink(db, token, now);
  const given = email?.trim() || null;
  if (link.require_email && given === null) throw new HttpError(422, VIEWER_MESSAGES.emailRequired);
  const key = randomBytes(32).toString('base64url');
  const [view] = await db
    .insert(deckViews)
    .values({ link_id: link.id, version_id, email: given, key_hash: hashKey(key).toString('hex'), started_at: now })
    .returning({ id: deckViews.id });
  const day = now.toISOString().slice(0, 10);
  return { view_id: view.id, key, page_count, watermark: link.watermark ? [given, day].filter(Boolean).join(' · ') : null };
}

/** The view of this link, its key checked: another link's view 404, a wrong key 403. */
async function ownView(db: Db, linkId: number, viewId: number, key: string) {
  const [view] = await db.select().from(deckViews).where(and(eq(deckViews.id, viewId), eq(deckViews.link_id, linkId)));
  return checkedKey(view, key);
}

function checkedKey<View extends { key_hash: string }>(view: View | null | undefined, key: string): View {
  if (!view) throw new HttpError(404, VIEWER_MESSAGES.viewNotFound);
  if (!timingSafeEqual(Buffer.from(view.key_hash, 'hex'), hashKey(key))) throw new HttpError(403, VIEWER_MESSAGES.wrongKey);
  return view;
}

/** The PDF shown to this view; `download` only where the link allows it (else 403). */
export async function viewFile(db: Db, token: string, viewId: number, key: string, download: boolean, now: Date) {
  const { link, deck_name } = await openLink(db, token, now);
  const view = await ownView(db, link.id, viewId, key);
  if (download && !link.allow_download) throw new HttpError(403, VIEWER_MESSAGES.noDownload);
  const [version] = await db
    .select({ file_id: deckVersions.file_id, bytes: deckVersions.bytes, file_name: deckVersions.file_name })
    .from(deckVersions)
    .where(eq(deckVersions.id, view.version_id));
  return { stream: readFile(db, version.file_id), bytes: version.bytes, fileName: version.file_name || `${deck_name}.pdf` };
}

const viewVersion = alias(deckVersions, 'view_version');

/**
 * Checks a beacon in one read (its link usable, the view that link's, its key, `seq` past the view's, its time
 * possible) and queues it to be counted: a replay 409; a page outside the version, more than a beacon's interval, or a
 * total past the time since the view began 422; nothing is recorded then. The checks see what this instance accepted
 * and has not written yet (`queue.view`), so two quick beacons of a view are checked against each other too.
 */
export async function acceptBeacon(db: Db, queue: BeaconQueue, token: string, viewId: number, beacon: DeckBeacon, now: Date): Promise<void> {
  if (!TOKEN.test(token)) throw new HttpError(404, VIEWER_MESSAGES.notFound);
  const [row] = await db
    .select({ link: deckLinks, view: deckViews, page_count: viewVersion.page_count })
    .from(deckLinks)
    .leftJoin(deckViews, and(eq(deckViews.id, viewId), eq(deckViews.link_id, deckLinks.id)))
    .leftJoin(viewVersion, eq(viewVersion.id, deckViews.version_id))
    .where(eq(deckLinks.token, token));
  if (!row) throw new HttpError(404, VIEWER_MESSAGES.notFound);
  usable(row.link, now);
  const view = checkedKey(row.view, beacon.key);
  const seen = queue.view(viewId, { seq: view.last_seq, countedMs: Number(view.counted_ms) });
  if (beacon.seq <= seen.seq) throw new HttpError(409, VIEWER_MESSAGES.replayed);
  const problem = beaconProblem(beacon.pages, {
    pageCount: row.page_count!,
    countedMs: seen.countedMs,
    elapsedMs: now.getTime() - view.started_at.getTime(),
  });
  if (problem) throw new HttpError(422, problem);
  const ms = beacon.pages.reduce((sum, entry) => sum + entry.ms, 0);
  queue.accept({ token, viewId, beacon, at: now }, seen.countedMs + ms);
}

/**
 * Counts accepted beacons, in the order accepted, in one transaction (each alone when the batch fails, so that one
 * cannot lose the others). A beacon whose view was counted past it meanwhile (another instance) or is gone counts
 * nothing. Time read on a row's link moves the row's deck line (its first time, then at most each minute) and tells
 * the list; a view's first time read that begins a visit logs 'deck_opened' on the row, writes a 'deck-opened' event
 * (every member's toast) and mails the deck's owner (at most once per link per hour).
 */
export async function writeBeacons(writer: DeckWriter, beacons: AcceptedBeacon[]): Promise<void> {
  try {
    await writeCounted(writer, beacons);
  } catch (error) {
    writer.log.warn({ err: error, beacons: beacons.length }, 'deck beacons: the batch failed, writing each alone');
    for (const beacon of beacons) {
      await writeCounted(writer, [beacon]).catch((err: unknown) => writer.log.error({ err, view: beacon.viewId }, 'deck beacon not counted'));
    }
  }
}

async function writeCounted(writer: DeckWriter, beacons: AcceptedBeacon[]): Promise<void> {
  let opened: DeckOpened[] = [];
  const logs = await writeTransaction(writer.db, async (tx) => {
    opened = [];
    const logs: Told[] = [];
    for (const accepted of beacons) {
      const counted = await countBeacon(tx, accepted);
      if (counted.log) logs.push(counted.log);
      if (counted.opened) opened.push(counted.opened);
    }
    return logs;
  });
  await publishChanges(writer, logs);
  // The reader's beacon does not wait for the founder's mail.
  for (const facts of opened) void sendDeckOpened(writer, facts);
}

type Told = Pick<ChangeLog, 'listId' | 'lastEventId'>;

async function countBeacon(tx: Db, { token, viewId, beacon, at: now }: AcceptedBeacon): Promise<{ log?: Told; opened?: DeckOpened }> {
  const [row] = await tx
    .select({ link: deckLinks, deck_name: decks.name, owner_id: decks.user_id, page_count: deckVersions.page_count })
    .from(deckLinks)
    .innerJoin(decks, eq(decks.id, deckLinks.deck_id))
    .innerJoin(deckVersions, eq(deckVersions.id, shownVersionId))
    .where(eq(deckLinks.token, token));
  if (!row) return {};
  const { link, deck_name, owner_id, page_count: shownPages } = row;
  const [view] = await tx.select().from(deckViews).where(and(eq(deckViews.id, viewId), eq(deckViews.link_id, link.id))).for('update');
  if (!view || beacon.seq <= view.last_seq) return {};
  const read = beacon.pages.filter((entry) => entry.ms > 0);
  const ms = read.reduce((sum, entry) => sum + entry.ms, 0);
  const firstTime = Number(view.counted_ms) === 0 && ms > 0;
  const onRow = link.list_id !== null && link.investor_id !== null;
  const tell = ms > 0 && onRow && (view.row_told_at === null || now.getTime() - view.row_told_at.getTime() >= ROW_TELL_EVERY_MS);
  await tx
    .update(deckViews)
    .set({
      last_seq: beacon.seq,
      counted_ms: sql`${deckViews.counted_ms} + ${ms}`,
      ...(ms > 0 && { last_read_at: now }),
      ...(tell && { row_told_at: now }),
    })
    .where(eq(deckViews.id, viewId));
  if (read.length > 0) {
    await tx
      .insert(deckViewPages)
      .values(read.map((entry, index) => ({ view_id: viewId, page: entry.page, ms: entry.ms, first_read: beacon.seq * (DECK_LIMITS.pagesPerBeacon + 1) + index })))
      .onConflictDoUpdate({ target: [deckViewPages.view_id, deckViewPages.page], set: { ms: sql`${deckViewPages.ms} + excluded.ms` } });
  }
  const visitBegins = firstTime && !(await readLately(tx, link.id, viewId, view.started_at));
  const opened = visitBegins && (await claimDeckOpened(tx, link.id, now)) ? await deckOpenedFacts(tx, link.id, link.opened_mailed_at, view.email) : undefined;
  if (visitBegins && !onRow) return { opened, log: await tellOwner(tx, owner_id, { link_name: link.name ?? '', deck_name, email: view.email }) };
  if (!tell || !(await lockList(tx, link.list_id!))) return { opened };
  const log = new ChangeLog(tx, link.list_id!, null);
  const views = (await viewsOf(tx, [link.id])).get(link.id) ?? [];
  const summary = summarize(views, shownPages);
  const deck: RowDeck = {
    link_id: link.id,
    last_visit_at: summary.last_visit_at!,
    total_ms: summary.total_ms,
    pages_reached: summary.pages_reached,
    page_count: summary.page_count,
  };
  await setRowDeck(tx, log, link.investor_id!, deck);
  if (visitBegins) {
    await log.activity([{ kind: 'investor', itemId: link.investor_id!, action: 'deck_opened', detail: { deck: { link_id: link.id, deck_name, email: view.email } } }]);
    // Every member's toast, through their own lists stream, which reads a change's newest event only: written last.
    const facts: DeckOpenedFacts = { investor_name: await investorName(tx, link.investor_id!), deck_name, email: view.email };
    await log.events([{ type: 'deck-opened', data: { kind: 'investor', item_id: link.investor_id!, ...facts } }]);
  }
  return { log, opened };
}

/** A visit of a general link: the deck owner's toast, an event of no list that only her own lists stream reads. */
async function tellOwner(tx: Db, ownerId: number, facts: { link_name: string; deck_name: string; email: string | null }) {
  const [event] = await tx
    .insert(listEvents)
    .values({ list_id: NO_LIST_ID, type: 'deck-opened', data: { ...facts, owner_id: ownerId } })
    .returning({ id: listEvents.id });
  return { listId: NO_LIST_ID, lastEventId: event.id };
}

/** A row's investor as the list names them (the link's answer does the same). */
async function investorName(tx: Db, investorId: number): Promise<string> {
  const [row] = await tx.select({ first: investorRows.first_name, last: investorRows.last_name }).from(investorRows).where(eq(investorRows.id, investorId));
  return `${row?.first ?? ''} ${row?.last ?? ''}`.trim() || `Investor ${investorId}`;
}

/** Whether another view of the link was read within a visit's gap before this one began: then it is the same visit. */
async function readLately(tx: Db, linkId: number, viewId: number, startedAt: Date): Promise<boolean> {
  const since = new Date(startedAt.getTime() - DECK_LIMITS.visitGapMs);
  const [row] = await tx
    .select({ id: deckViews.id })
    .from(deckViews)
    .where(and(eq(deckViews.link_id, linkId), ne(deckViews.id, viewId), isNotNull(deckViews.last_read_at), gt(deckViews.last_read_at, since)))
    .limit(1);
  return row !== undefined;
}
