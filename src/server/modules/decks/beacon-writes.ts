// Accepted beacons counted, a batch at a time: two reads and two writes for the whole batch (beacon-tally.ts says
// what each view gains), then, for the few views that need it, the row's deck line, the visit's activity, its toast
// and its mail.
import { and, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { DECK_LIMITS, type RowDeck } from '../../../shared/decks.js';
import { NO_LIST_ID, type DeckOpenedFacts } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { deckLinks, decks, deckVersions, deckViewPages, deckViews, investorRows, listEvents } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { ChangeLog } from '../lists/change-log.js';
import { publishChanges, type ListWriter } from '../lists/list-change.js';
import type { Mailer } from '../../mail/mailer.js';
import type { AcceptedBeacon } from './beacon-queue.js';
import { tallyViews, type ViewTally } from './beacon-tally.js';
import { shownVersionId, viewsOf } from './link-store.js';
import { claimDeckOpened, deckOpenedFacts, sendDeckOpened, type DeckOpened } from './opened-mail.js';
import { lockList, setRowDeck } from './row-deck.js';
import { summarize } from './visits.js';

/** What counting a beacon needs: the list writer's, and the mailer for "NAME opened your deck". */
export type DeckWriter = ListWriter & { mailer: Mailer; config: { appUrl: string } };

type Told = Pick<ChangeLog, 'listId' | 'lastEventId'>;

/**
 * Counts accepted beacons in one transaction (each alone when the batch fails, so that one cannot lose the others).
 * A beacon whose view was counted past it meanwhile (another instance) or is gone counts nothing. Time read on a row's
 * link moves the row's deck line (its first time, then at most each minute) and tells the list; a view's first time
 * read that begins a visit logs 'deck_opened' on the row and writes a 'deck-opened' event (every member's toast; a
 * general link's to the deck's owner), and mails the deck's owner (at most once per link per hour).
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
    const tallies = await tallyBatch(tx, beacons);
    if (tallies.length === 0) return [];
    // Whether each first time read begins a visit, asked before this batch's reads are written, and of the views
    // the batch read before it (a view first read in the batch joins the visit of one it read just before).
    const begins = new Set<number>();
    const readInBatch = new Map<number, Date>();
    for (const tally of tallies) {
      const { link } = tally.link;
      const since = tally.view.started_at.getTime() - DECK_LIMITS.visitGapMs;
      const readJustBefore = (readInBatch.get(link.id)?.getTime() ?? -Infinity) > since;
      if (tally.firstTime && !readJustBefore && !(await readLately(tx, link.id, tally.view.id, tally.view.started_at))) begins.add(tally.view.id);
      if (tally.readAt) readInBatch.set(link.id, tally.readAt);
    }
    await saveTallies(tx, tallies);
    const logs: Told[] = [];
    for (const tally of tallies) {
      const told = await tellOfView(tx, tally, begins.has(tally.view.id));
      if (told.log) logs.push(told.log);
      if (told.opened) opened.push(told.opened);
    }
    return logs;
  });
  await publishChanges(writer, logs);
  // The reader's beacon does not wait for the founder's mail.
  for (const facts of opened) void sendDeckOpened(writer, facts);
}

type BatchTally = ViewTally<Awaited<ReturnType<typeof linksOf>>[number], typeof deckViews.$inferSelect>;

function linksOf(tx: Db, tokens: string[]) {
  return tx
    .select({ link: deckLinks, deck_name: decks.name, owner_id: decks.user_id, page_count: deckVersions.page_count })
    .from(deckLinks)
    .innerJoin(decks, eq(decks.id, deckLinks.deck_id))
    .innerJoin(deckVersions, eq(deckVersions.id, shownVersionId))
    .where(inArray(deckLinks.token, tokens));
}

/** The batch's links and views (locked, in id order: two batches never wait on each other crosswise), tallied. */
async function tallyBatch(tx: Db, beacons: AcceptedBeacon[]): Promise<BatchTally[]> {
  const links = await linksOf(tx, [...new Set(beacons.map((beacon) => beacon.token))]);
  const views = await tx
    .select()
    .from(deckViews)
    .where(inArray(deckViews.id, [...new Set(beacons.map((beacon) => beacon.viewId))]))
    .orderBy(deckViews.id)
    .for('update');
  return tallyViews(beacons, new Map(links.map((row) => [row.link.token, row])), new Map(views.map((view) => [view.id, view])));
}

/** Every view's seq, time, last read and deck-line mark in one UPDATE, and every page's time in one upsert. */
async function saveTallies(tx: Db, tallies: BatchTally[]): Promise<void> {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const rows = tallies.map(
    (tally) =>
      sql`(${tally.view.id}::bigint, ${tally.seq}::integer, ${tally.addedMs}::bigint, ${iso(tally.readAt)}::timestamptz, ${iso(tally.tell ? tally.at : null)}::timestamptz)`,
  );
  await tx.execute(sql`UPDATE deck_views v SET last_seq = b.seq, counted_ms = v.counted_ms + b.ms,
      last_read_at = coalesce(b.read_at, v.last_read_at), row_told_at = coalesce(b.told_at, v.row_told_at)
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS b(id, seq, ms, read_at, told_at)
    WHERE v.id = b.id`);
  const pages = tallies.flatMap((tally) => [...tally.pages].map(([page, { ms, first_read }]) => ({ view_id: tally.view.id, page, ms, first_read })));
  if (pages.length === 0) return;
  await tx
    .insert(deckViewPages)
    .values(pages)
    .onConflictDoUpdate({ target: [deckViewPages.view_id, deckViewPages.page], set: { ms: sql`${deckViewPages.ms} + excluded.ms` } });
}

/** What a view's count tells: the founder's mail and toast when a visit begins, the row's deck line when it moves. */
async function tellOfView(tx: Db, tally: BatchTally, visitBegins: boolean): Promise<{ log?: Told; opened?: DeckOpened }> {
  const { link, deck_name, owner_id, page_count: shownPages } = tally.link;
  const { view, at: now } = tally;
  const onRow = link.list_id !== null && link.investor_id !== null;
  const opened = visitBegins && (await claimDeckOpened(tx, link.id, now)) ? await deckOpenedFacts(tx, link.id, link.opened_mailed_at, view.email) : undefined;
  if (visitBegins && !onRow) return { opened, log: await tellOwner(tx, owner_id, { link_name: link.name ?? '', deck_name, email: view.email }) };
  if (!tally.tell || !(await lockList(tx, link.list_id!))) return { opened };
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
async function tellOwner(tx: Db, ownerId: number, facts: { link_name: string; deck_name: string; email: string | null }): Promise<Told> {
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
