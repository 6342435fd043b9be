// The viewer's side of a link (no log-in): its gate, a view and its key, the PDF for that view only, and the
// beacons of time read, checked here and counted in batches (beacon-writes.ts).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DeckBeacon, DeckLinkPublic, DeckViewStart } from '../../../shared/decks.js';
import type { Db } from '../../db/client.js';
import { deckLinks, decks, deckVersions, deckViews } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import type { BeaconQueue } from './beacon-queue.js';
import { readFile } from './file-store.js';
import { shownVersionId } from './link-store.js';
import { beaconProblem } from './visits.js';

export const VIEWER_MESSAGES = {
  notFound: 'This link does not exist or was turned off by its sender',
  expired: 'This link has expired: ask its sender for a new one',
  emailRequired: 'Enter your e-mail to open the deck',
  viewNotFound: 'This view does not exist for this link',
  wrongKey: 'This view is not yours: open the link again',
  noDownload: 'Its sender does not offer this deck to download',
  replayed: 'This beacon was counted already',
} as const;

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
 * `beforeCounting` (the beacon's rate limit) runs beside the read, and its refusal comes first.
 */
export async function acceptBeacon(
  db: Db,
  queue: BeaconQueue,
  { token, viewId, beacon, now }: { token: string; viewId: number; beacon: DeckBeacon; now: Date },
  beforeCounting: Promise<unknown>,
): Promise<void> {
  const [allowed, read] = await Promise.allSettled([beforeCounting, readBeaconTarget(db, token, viewId)]);
  if (allowed.status === 'rejected') throw allowed.reason;
  if (read.status === 'rejected') throw read.reason;
  const row = read.value;
  usable(row.link, now);
  const view = checkedKey(row.view, beacon.key);
  // From here to queue.accept nothing is awaited: a view's beacons are checked and queued one at a time.
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

async function readBeaconTarget(db: Db, token: string, viewId: number) {
  if (!TOKEN.test(token)) throw new HttpError(404, VIEWER_MESSAGES.notFound);
  const [row] = await db
    .select({ link: deckLinks, view: deckViews, page_count: viewVersion.page_count })
    .from(deckLinks)
    .leftJoin(deckViews, and(eq(deckViews.id, viewId), eq(deckViews.link_id, deckLinks.id)))
    .leftJoin(viewVersion, eq(viewVersion.id, deckViews.version_id))
    .where(eq(deckLinks.token, token));
  if (!row) throw new HttpError(404, VIEWER_MESSAGES.notFound);
  return row;
}
