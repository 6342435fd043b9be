import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FeedListener, ListFeed } from './feed.js';

/** An instance's event streams of one kind: woken by the feed, kept open by a heartbeat, all ended on close. */
export abstract class FeedStreams {
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    protected readonly db: Db,
    feed: ListFeed,
    protected readonly log: FastifyBaseLogger,
    heartbeatMs: number,
  ) {
    feed.subscribe((message) => this.onFeed(message));
    this.heartbeat = setInterval(() => this.beat(), heartbeatMs);
    this.heartbeat.unref();
  }

  /** Ends every stream: the server is closing (each client reconnects elsewhere). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    this.endAll();
  }

  /** A list has new events, whichever instance made them; null: anything may have been missed. */
  protected abstract onFeed(message: Parameters<FeedListener>[0]): void;
  /** A comment line to each stream, and whatever else a heartbeat is for. */
  protected abstract beat(): void;
  protected abstract endAll(): void;
}
