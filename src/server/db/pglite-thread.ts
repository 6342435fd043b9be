// PGlite in a worker thread of its own. PostgreSQL in WebAssembly runs every statement on the thread that holds it:
// on the app's thread, its work (the WebAssembly, the protocol, the results built) was most of the CPU of a busy
// instance, and every founder's request waited for it on the event loop. Here it runs on another core, and the app's
// thread only sends a statement and reads its rows. The order of statements is still the app's (client.ts's queue):
// the thread runs what it is sent, one statement at a time, in the order sent.
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

/** What the app's thread asks of the database's thread. */
export type ToPglite =
  | { id: number; op: 'query'; text: string; params: unknown[]; rowMode?: 'array' | 'object'; keepAsText: number[] }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** The database's thread's answer to `id`: its result, or the error as fields (an Error's class does not cross). */
export type FromPglite =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; fields: Record<string, string | number | boolean> } }
  | { id: 0; ready: true }
  | { id: 0; ready: false; error: { message: string; fields: Record<string, string | number | boolean> } };

/** How the database starts: its files (none: in memory), and a tarball (dumpDataDir's) to start from. */
export interface PgliteThreadOptions {
  dataDir?: string;
  loadDataDir?: Blob;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Type parsers by type oid: only parsers that keep the text as it is (drizzle's, for dates and times) are kept. */
  parsers?: Record<number, unknown>;
}

/** A transaction's statements: run on the thread, inside BEGIN … COMMIT. */
export interface PgliteTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Array<Results>>;
}

const rebuilt = ({ message, fields }: { message: string; fields: Record<string, string | number | boolean> }) =>
  Object.assign(new Error(message), fields);

/** The app's side of the database's thread: what client.ts and drizzle ask of PGlite. */
export class PgliteThread implements PgliteTransaction {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  /** Set once the thread has ended: every call then fails with it. */
  private ended: Error | null = null;

  private constructor(private readonly thread: Worker) {
    thread.on('message', (message: FromPglite) => {
      const caller = this.waiting.get(message.id);
      if (!caller) return;
      this.waiting.delete(message.id);
      if (this.waiting.size === 0) thread.unref();
      if ('ready' in message) {
        if (message.ready) caller.resolve(undefined);
        else caller.reject(rebuilt(message.error));
      } else if (message.ok) caller.resolve(message.result);
      else caller.reject(rebuilt(message.error));
    });
    const end = (error: Error) => {
      this.ended ??= error;
      for (const caller of this.waiting.values()) caller.reject(this.ended);
      this.waiting.clear();
    };
    thread.on('error', end);
    thread.on('exit', () => end(new Error('The database is closed')));
  }

  /** Starts the thread and its database; answers once the database is open (or fails as opening it did). */
  static async open(options: PgliteThreadOptions): Promise<PgliteThread> {
    const thread = new Worker(new URL('./pglite-thread-start.mjs', import.meta.url), { workerData: options });
    const client = new PgliteThread(thread);
    try {
      await client.waitFor(0);
    } catch (error) {
      await thread.terminate();
      throw error;
    }
    return client;
  }

  /** Waits for the answer to `id`; the thread is kept alive (ref) only while some answer is awaited. */
  private waitFor<T>(id: number): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    if (this.waiting.size === 0) this.thread.ref();
    return new Promise<T>((resolve, reject) => this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject }));
  }

  private ask<T>(message: ToPglite extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never): Promise<T> {
    const id = this.nextId++;
    const answer = this.waitFor<T>(id);
    if (!this.ended) this.thread.postMessage({ ...message, id });
    return answer;
  }

  query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    const keepAsText = options.parsers ? Object.keys(options.parsers).map(Number) : [];
    return this.ask({ op: 'query', text, params, rowMode: options.rowMode, keepAsText });
  }

  exec(text: string): Promise<Array<Results>> {
    return this.ask({ op: 'exec', text });
  }

  /**
   * `callback` in BEGIN … COMMIT, ROLLBACK when it throws. Its caller keeps every other statement out until it
   * ends (client.ts's queue): the thread runs whatever it is sent inside the transaction.
   */
  async transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    await this.exec('BEGIN');
    let result: T;
    try {
      result = await callback(this);
    } catch (error) {
      await this.exec('ROLLBACK').catch(() => {});
      throw error;
    }
    await this.exec('COMMIT');
    return result;
  }

  /** A consistent, gzipped tarball of the data directory. */
  dumpDataDir(): Promise<Blob> {
    return this.ask({ op: 'dump' });
  }

  /** Closes the database and ends the thread. */
  async close(): Promise<void> {
    if (this.ended) return;
    await this.ask({ op: 'close' });
    await this.thread.terminate();
  }
}
