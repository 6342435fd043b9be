import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { MY_LISTS_DECK_OPENED_EVENT, MY_LISTS_EVENT, NO_LIST_ID, type ListEventType, type MyListsDeckOpenedData, type MyListsEventData } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { listEvents, listMembers, lists } from '../../db/schema.js';
import type { FeedListener } from './feed.js';
import { FeedStreams } from './feed-streams.js';
import { MY_LISTS, type StreamAccess } from './tickets.js';

interface Stream {
  userId: number;
  /** The lists the user is on, as this stream last knew them. */
  lists: Set<number>;
  out: PassThrough;
}

/** The changes that alter what the sidebar shows of a list: its item count, its name, who is on it. */
const SIDEBAR_EVENTS = new Set<ListEventType>([
  // Stored for a change of many rows at once (an import, its undo, a batch add), which may change the count.
  'reset',
  'row-added',
  'row-removed',
  'list-changed',
  'list-deleted',
  'member-added',
  'member-changed',
  'member-removed',
]);

const RETRY_MS = 2000;
/** A client this far behind is dropped; it reconnects and reads its lists again. */
const MAX_BUFFERED_BYTES = 64 * 1024;

/** The lists a user owns or is a member of. */
async function listsOf(db: Db, userId: number): Promise<Set<number>> {
  const [owned, shared] = await Promise.all([
    db.select({ id: lists.id }).from(lists).where(eq(lists.user_id, userId)),
    db.select({ id: listMembers.list_id }).from(listMembers).where(eq(listMembers.user_id, userId)),
  ]);
  return new Set([...owned, ...shared].map((row) => row.id));
}

/**
 * This instance's streams of users' own lists (GET /api/v1/lists/events): each is told when what the sidebar
 * shows of one of its user's lists changes, including a list they were just added to or removed from, so a
 * removal takes the list off every device of theirs at once. A change's event is read once, by id, whatever
 * the number of streams; a lost feed message (a reconnection) tells every stream to read its lists again. A visit
 * begun on a deck link of a row of theirs, or on a general link of a deck of theirs, is told as it happens
 * (`deck-opened`, the app's toast): never replayed, so
 * a stream opened later, or a lost message, tells nothing of it.
 */
export class MyListsStreams extends FeedStreams {
  private readonly streams = new Set<Stream>();
  /** The last event applied: events are read at once but applied in the feed's order, since a member-removed read
   * after the row-removed that followed it would tell the removed member of that row. */
  private applied: Promise<void> = Promise.resolve();

  protected onFeed(message: Parameters<FeedListener>[0]): void {
    if (this.streams.size === 0) return;
    if (message === null) {
      this.applied = this.applied.then(() => this.streams.forEach((stream) => stream.lists.forEach((listId) => this.tell(stream, listId))));
      return;
    }
    const read = this.readEvent(message.eventId);
    read.catch(() => {}); // reported below, once its turn comes
    this.applied = this.applied
      .then(() => read)
      .then((event) => this.deliver(message.listId, event))
      .catch((err: unknown) => this.log.error({ err }, 'lists events: reading failed'));
  }

  protected beat(): void {
    this.streams.forEach((stream) => this.write(stream, ': heartbeat\n\n'));
  }

  async open(userId: number, access: StreamAccess): Promise<PassThrough> {
    const lists = await listsOf(this.db, userId);
    const slot = await this.db.transaction((tx) => this.claimSlot(tx, userId, MY_LISTS));
    const out = new PassThrough();
    this.hold(out, slot, access);
    out.write(`retry: ${RETRY_MS}\n\n`);
    const stream: Stream = { userId, lists, out };
    this.streams.add(stream);
    out.once('close', () => this.streams.delete(stream));
    return out;
  }

  get size(): number {
    return this.streams.size;
  }

  protected endAll(): void {
    this.streams.forEach((stream) => stream.out.end());
  }

  private async readEvent(eventId: number) {
    const [event] = await this.db
      .select({ type: listEvents.type, data: listEvents.data, at: listEvents.created_at })
      .from(listEvents)
      .where(eq(listEvents.id, eventId));
    return event;
  }

  private deliver(listId: number, event: Awaited<ReturnType<MyListsStreams['readEvent']>>): void {
    if (event?.type === 'deck-opened') {
      const { owner_id: ownerId, ...facts } = event.data;
      const general = listId === NO_LIST_ID;
      const data = { ...facts, list_id: general ? null : listId, at: event.at.toISOString() } as MyListsDeckOpenedData;
      const text = `event: ${MY_LISTS_DECK_OPENED_EVENT}\ndata: ${JSON.stringify(data)}\n\n`;
      for (const stream of this.streams) if (general ? stream.userId === ownerId : stream.lists.has(listId)) this.write(stream, text);
      return;
    }
    if (!event || !SIDEBAR_EVENTS.has(event.type)) return;
    const memberId = typeof event.data.user_id === 'number' ? event.data.user_id : null;
    for (const stream of this.streams) {
      const isMember = event.type.startsWith('member-') && stream.userId === memberId;
      if (!stream.lists.has(listId) && !isMember) continue;
      if (event.type === 'list-deleted' || (event.type === 'member-removed' && isMember)) stream.lists.delete(listId);
      else if (isMember) stream.lists.add(listId);
      this.tell(stream, listId);
    }
  }

  private tell(stream: Stream, listId: number): void {
    const data: MyListsEventData = { list_id: listId };
    this.write(stream, `event: ${MY_LISTS_EVENT}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private write(stream: Stream, text: string): void {
    if (stream.out.writableEnded) return;
    if (stream.out.writableLength > MAX_BUFFERED_BYTES) stream.out.end();
    else stream.out.write(text);
  }
}
