import type { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { liveSessions } from '../auth/sessions.js';
import type { FeedListener, ListFeed } from './feed.js';
import type { StreamAccess } from './tickets.js';
import { claimStreamSlot, keepSlotsAlive, releaseSlots } from './stream-slots.js';

export interface StreamTiming {
  /** How often each stream gets a heartbeat, and what a heartbeat checks. */
  heartbeatMs: number;
  /** How long a stream lasts at most (the access token's lifetime), if its token expires no sooner: its client reconnects with a new ticket. */
  lifetimeMs: number;
}

interface Held {
  /** The stream's row in live_streams, which counts it against its user's limits on every instance. */
  slot: number;
  /** The session of the access token it was opened with: the stream ends within a heartbeat of it ending. */
  sessionId: string;
  ends: NodeJS.Timeout;
}

/**
 * An instance's event streams of one kind: woken by the feed, kept open by a heartbeat, each ended at its
 * lifetime, all ended on close; each holds a slot of its user's stream limits until it ends.
 */
export abstract class FeedStreams {
  private readonly heartbeat: NodeJS.Timeout;
  private readonly held = new Map<PassThrough, Held>();
  private releasing: Promise<void> = Promise.resolve();

  constructor(
    protected readonly db: Db,
    feed: ListFeed,
    protected readonly log: FastifyBaseLogger,
    protected readonly timing: StreamTiming,
  ) {
    feed.subscribe((message) => this.onFeed(message));
    this.heartbeat = setInterval(() => this.beatAll(), timing.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * Ends every stream: the server is closing (each client reconnects elsewhere). Their slots are released
   * meanwhile, not waited for here: the connections close at once (see `released`).
   */
  closeAll(): void {
    clearInterval(this.heartbeat);
    const held = [...this.held.values()];
    this.held.clear();
    held.forEach(({ ends }) => clearTimeout(ends));
    this.endAll();
    const releasing = releaseSlots(this.db, held.map(({ slot }) => slot)).catch((err: unknown) =>
      this.log.error({ err }, 'live streams: could not release their slots'),
    );
    // Called again (a drain, then the close), it waits for the first call's release too.
    this.releasing = Promise.all([this.releasing, releasing]).then(() => {});
  }

  /** Resolves once the slots closeAll released are gone: to wait for before the database closes. */
  released(): Promise<void> {
    return this.releasing;
  }

  /** Claims a slot for a new stream of the user's, in `tx` (a 429 past the limits). */
  protected claimSlot(tx: Db, userId: number, listId: number): Promise<number> {
    return claimStreamSlot(tx, userId, listId, this.timing.heartbeatMs);
  }

  /**
   * Holds an opened stream's slot until the stream closes, and ends it at the earlier of its access token's expiry
   * and its lifetime, or at its session's end.
   */
  protected hold(out: PassThrough, slot: number, access: StreamAccess): void {
    const ends = setTimeout(
      () => {
        out.end();
        this.release(out);
      },
      Math.max(0, Math.min(this.timing.lifetimeMs, access.endsAt - Date.now())),
    );
    ends.unref();
    this.held.set(out, { slot, sessionId: access.sessionId, ends });
    out.once('close', () => this.release(out));
  }

  private release(out: PassThrough): void {
    const held = this.held.get(out);
    if (!held) return;
    this.held.delete(out);
    clearTimeout(held.ends);
    releaseSlots(this.db, [held.slot]).catch((err: unknown) => this.log.error({ err }, 'live streams: could not release a slot'));
  }

  private beatAll(): void {
    this.beat();
    const slots = [...this.held.values()].map(({ slot }) => slot);
    keepSlotsAlive(this.db, slots, this.timing.heartbeatMs).catch((err: unknown) =>
      this.log.error({ err }, 'live streams: could not keep their slots'),
    );
    this.endLoggedOut().catch((err: unknown) => this.log.error({ err }, 'live streams: could not check their sessions'));
  }

  /**
   * Ends the streams whose session has ended (a log-out, a password reset, on any instance): one lookup a
   * heartbeat for all of them. Only streams open before the lookup are judged.
   */
  private async endLoggedOut(): Promise<void> {
    const held = [...this.held];
    if (held.length === 0) return;
    const live = await liveSessions(this.db, [...new Set(held.map(([, { sessionId }]) => sessionId))]);
    for (const [out, { sessionId }] of held) {
      if (live.has(sessionId)) continue;
      out.end();
      this.release(out);
    }
  }

  /** A list has new events, whichever instance made them; null: anything may have been missed. */
  protected abstract onFeed(message: Parameters<FeedListener>[0]): void;
  /** A comment line to each stream, and whatever else a heartbeat is for. */
  protected abstract beat(): void;
  protected abstract endAll(): void;
}
