import { PassThrough } from 'node:stream';
import type { ListEventData } from '../../../shared/teams.js';
import { holdList, listAccess, readersOf } from '../lists/list-access.js';
import { lastEventBeforeJoining } from '../lists/since-joined.js';
import { eventsAfter, streamBounds, type StoredEvent } from './event-store.js';
import type { FeedListener } from './feed.js';
import { FeedStreams } from './feed-streams.js';
import type { StreamAccess } from './tickets.js';

interface Stream {
  listId: number;
  userId: number;
  /** The newest event sent. */
  last: number;
  out: PassThrough;
}

/** How long EventSource waits before reconnecting after the stream ends. */
const RETRY_MS = 2000;
/** Events read at a time. */
const PAGE = 500;
/** A client this far behind is dropped; it reconnects and resumes from its last event. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

function frame(id: number, data: ListEventData): string {
  return `id: ${id}\nevent: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Whether the stream ends once this event is sent: the list is gone, or so is the stream's member. */
function endsStream(event: StoredEvent, stream: Stream): boolean {
  const { data } = event;
  return data.type === 'list-deleted' || (data.type === 'member-removed' && data.user_id === stream.userId);
}

/**
 * This instance's open event streams, by list. When the feed says a list has new events (whichever instance
 * made them), the events are read once from list_events for all of that list's streams here, and each stream
 * is sent those after its last. Every heartbeat also looks for events a lost message would have hidden.
 */
export class ListStreams extends FeedStreams {
  private readonly byList = new Map<number, Set<Stream>>();
  /** Lists being read now (the reading, to wait for), and those to read again once that ends (one reading a list at a time). */
  private readonly reading = new Map<number, Promise<void>>();
  private readonly readAgain = new Set<number>();

  protected onFeed(message: Parameters<FeedListener>[0]): void {
    if (message === null) this.byList.forEach((_, listId) => this.read(listId));
    else if ([...(this.byList.get(message.listId) ?? [])].some((stream) => stream.last < message.eventId)) this.read(message.listId);
  }

  /**
   * A stream of the list's events for one of its members, from after `lastEventId`, or from now (a `ready` event
   * first, whose id to resume from) without one. An id the events kept cannot resume from (swept, or never
   * given) gets `reset`: the client reads the list anew. The access check, the start point and the stream's
   * slot are read together under the list's row lock: a removal committed before is a 404, and one committed
   * after has a later event id, which the stream sends.
   */
  async open(listId: number, userId: number, access: StreamAccess, lastEventId: number | null): Promise<PassThrough> {
    const { oldest, start, joinedAfter, slot } = await this.db.transaction(async (tx) => {
      await holdList(tx, listId);
      await listAccess(tx, userId, listId, 'read');
      const bounds = await streamBounds(tx, listId);
      const joinedAfter = await lastEventBeforeJoining(tx, listId, userId);
      return { ...bounds, joinedAfter, slot: await this.claimSlot(tx, userId, listId) };
    });
    const out = new PassThrough();
    this.hold(out, slot, access);
    out.write(`retry: ${RETRY_MS}\n\n`);
    let last = lastEventId ?? start;
    // Nor from before the member joined: what came before is not theirs to be served.
    if (lastEventId === null || lastEventId > start || lastEventId < Math.max(oldest - 1, joinedAfter)) {
      last = start;
      const type = lastEventId === null ? 'ready' : 'reset';
      out.write(frame(last, { type, list_id: listId, at: new Date().toISOString(), by: null }));
    }
    const stream: Stream = { listId, userId, last, out };
    const streams = this.byList.get(listId) ?? new Set();
    this.byList.set(listId, streams.add(stream));
    out.once('close', () => {
      streams.delete(stream);
      if (streams.size === 0 && this.byList.get(listId) === streams) this.byList.delete(listId);
    });
    this.read(listId);
    return out;
  }

  /** How many streams are open here (for tests and logs). */
  get size(): number {
    let count = 0;
    this.byList.forEach((streams) => (count += streams.size));
    return count;
  }

  protected endAll(): void {
    this.byList.forEach((streams) => streams.forEach((stream) => stream.out.end()));
  }

  protected beat(): void {
    this.byList.forEach((streams, listId) => {
      streams.forEach((stream) => this.write(stream, ': heartbeat\n\n'));
      this.read(listId);
    });
    this.endThoseWithoutAccess().catch((err: unknown) =>
      this.log.error({ err }, 'list events: checking access failed; the next heartbeat tries again'),
    );
  }

  /**
   * Ends the streams whose member is no longer on the list, however they left it (a removal by another
   * instance, or by SQL, sends no event here). Only streams open before the question was asked are judged:
   * one opened since was checked later than the answer.
   */
  private async endThoseWithoutAccess(): Promise<void> {
    const asked = [...this.byList.values()].flatMap((streams) => [...streams]);
    if (asked.length === 0) return;
    const readers = await readersOf(this.db, [...this.byList.keys()]);
    const gone = asked.filter((stream) => !readers.get(stream.listId)?.has(stream.userId));
    // What the list's events say first (the list deleted, the member removed): access ended by a change this
    // instance has not read yet would otherwise end the stream without the event that tells why.
    await Promise.all([...new Set(gone.map((stream) => stream.listId))].map((listId) => this.read(listId)));
    for (const stream of gone) stream.out.end();
  }

  /** Reads the list's new events for its streams here; answers when that reading (and any asked for meanwhile) ends. */
  private read(listId: number): Promise<void> {
    const running = this.reading.get(listId);
    if (running) {
      this.readAgain.add(listId);
      return running;
    }
    const run = async () => {
      do {
        this.readAgain.delete(listId);
        await this.deliver(listId);
      } while (this.readAgain.has(listId));
    };
    const reading = run()
      .catch((err: unknown) => this.log.error({ err }, 'list events: reading failed; the next heartbeat tries again'))
      .finally(() => this.reading.delete(listId));
    this.reading.set(listId, reading);
    return reading;
  }

  private async deliver(listId: number): Promise<void> {
    for (;;) {
      const streams = [...(this.byList.get(listId) ?? [])];
      if (streams.length === 0) return;
      const from = Math.min(...streams.map((stream) => stream.last));
      const events = await eventsAfter(this.db, listId, from, PAGE);
      for (const event of events) {
        for (const stream of streams) {
          if (event.id <= stream.last || stream.out.writableEnded) continue;
          stream.last = event.id;
          this.write(stream, frame(event.id, event.data));
          if (endsStream(event, stream)) stream.out.end();
        }
      }
      if (events.length < PAGE) return;
    }
  }

  private write(stream: Stream, text: string): void {
    if (stream.out.writableEnded) return;
    if (stream.out.writableLength > MAX_BUFFERED_BYTES) {
      stream.out.end();
      return;
    }
    stream.out.write(text);
  }
}
