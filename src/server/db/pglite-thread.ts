// PGlite on a thread of its own. PostgreSQL in WebAssembly runs every statement on the thread that holds it: on the
// app's thread its work (the WebAssembly, the protocol, the results built) was most of the CPU of a busy instance, and
// every founder's request waited for it on the event loop. Here it runs on another core, and the app's thread only
// sends a statement and reads its rows.
//
// Each thread that talks to the database holds a connection of its own: the app's thread the first, and another
// thread one it is given (connect(): the capture listener writes its mails itself). The database's thread runs one
// statement at a time (pglite-worker.mjs): a transaction's statements alone until it ends, else the app's first, then
// the others'. Within a connection its caller keeps the order (client.ts's queue, the capture's lane).
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

/** What a connection asks of the database's thread. */
export type ToPglite =
  /** `commit`: the transaction's last statement, its COMMIT run right after it (its ROLLBACK if it fails). */
  | { id: number; op: 'query'; text: string; params: unknown[]; rowMode?: 'array' | 'object'; keepAsText: number[]; commit?: boolean }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'begin' | 'commit' | 'rollback' }
  /** The app's connection only: */
  | { id: number; op: 'dump' | 'close' }
  | { id: number; op: 'connect'; port: MessagePort; settings: ConnectionSettings };

/** A connection's own settings (`SET name TO 'value'`), which the one session takes while its statements run. */
export type ConnectionSettings = Record<string, string>;

/** An error as fields that cross between threads: its message, and PostgreSQL's code, detail, constraint … */
export interface ErrorFields {
  message: string;
  fields: Record<string, string | number | boolean>;
}

/** The answer to message `id` (0: the database opened, or why not). */
export type FromPglite = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ErrorFields };

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

/** Where a connection's messages go: the database's Worker, or a MessagePort (connect()). */
type Endpoint = Pick<Worker, 'postMessage' | 'ref' | 'unref'> & {
  on(event: 'message', listener: (message: FromPglite) => void): unknown;
  on(event: 'close' | 'exit', listener: () => void): unknown;
};

type Message = ToPglite extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

const rebuilt = ({ message, fields }: ErrorFields) => Object.assign(new Error(message), fields);

/** One connection to the database's thread: what drizzle asks of PGlite (query, transaction), and exec. */
export class PgliteConnection {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  /** Set once the connection has ended: every call then fails with it. */
  private ended: Error | null = null;
  /** The open transaction was ended by its last statement (queryThenCommit). */
  private committed = false;

  constructor(private readonly endpoint: Endpoint) {
    endpoint.on('message', (message: FromPglite) => {
      const caller = this.waiting.get(message.id);
      if (!caller) return;
      this.waiting.delete(message.id);
      if (this.waiting.size === 0) endpoint.unref();
      if (message.ok) caller.resolve(message.result);
      else caller.reject(rebuilt(message.error));
    });
    // A Worker that exits, a port whose other end closed (the database's thread ended).
    endpoint.on('exit', () => this.end(new Error('The database is closed')));
    endpoint.on('close', () => this.end(new Error('The database is closed')));
    endpoint.unref();
  }

  /** Fails what waits and every later call: the database's thread, or this connection, is gone. */
  protected end(error: Error): void {
    this.ended ??= error;
    for (const caller of this.waiting.values()) caller.reject(this.ended);
    this.waiting.clear();
  }

  /** The answer to message `id`; the endpoint keeps its thread alive (ref) only while some answer is awaited. */
  protected waitFor<T>(id: number): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    if (this.waiting.size === 0) this.endpoint.ref();
    return new Promise<T>((resolve, reject) => this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject }));
  }

  protected ask<T>(message: Message, transfer?: MessagePort[]): Promise<T> {
    const id = this.nextId++;
    const answer = this.waitFor<T>(id);
    if (!this.ended) this.endpoint.postMessage({ ...message, id }, transfer);
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
   * The open transaction's last statement, and its commit in the same turn of the database's thread (a rollback if
   * it fails): without the round trip to this thread and back that a COMMIT of its own takes while the transaction
   * holds the database.
   */
  async queryThenCommit<T>(text: string, params: unknown[] = []): Promise<Results<T>> {
    try {
      return await this.ask({ op: 'query', text, params, keepAsText: [], commit: true });
    } finally {
      this.committed = true;
    }
  }

  /**
   * `callback` in a transaction, rolled back when it throws; no other connection's statement runs meanwhile. One
   * transaction at a time on a connection. Its BEGIN is not waited for: the callback's first statement follows it
   * in the same turn of the database's thread.
   */
  async transaction<T>(callback: (tx: PgliteConnection) => Promise<T>): Promise<T> {
    this.committed = false;
    const began = this.ask({ op: 'begin' });
    let result: T;
    try {
      [, result] = await Promise.all([began, callback(this)]);
    } catch (error) {
      if (!this.committed) await this.ask({ op: 'rollback' }).catch(() => {});
      throw error;
    }
    if (!this.committed) await this.ask({ op: 'commit' });
    return result;
  }
}

/** The app's connection, which starts the database's thread and ends it. */
export class PgliteThread extends PgliteConnection {
  private constructor(private readonly thread: Worker) {
    super(thread);
    thread.on('error', (error) => this.end(error));
  }

  /** Starts the thread and its database; answers once the database is open (or fails as opening it did). */
  static async open(options: PgliteThreadOptions): Promise<PgliteThread> {
    const thread = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: options });
    const client = new PgliteThread(thread);
    try {
      await client.waitFor(0);
    } catch (error) {
      await thread.terminate();
      throw error;
    }
    return client;
  }

  /**
   * A connection of its own for another thread, which makes it `new PgliteConnection(port)` (the port transferred),
   * with settings of its own as a server's connection has (the capture's generic plans).
   */
  async connect(settings: ConnectionSettings = {}): Promise<MessagePort> {
    for (const [name, value] of Object.entries(settings)) {
      if (!/^[a-z_]+$/.test(name) || !/^[a-z0-9_]+$/.test(value)) throw new Error(`not a setting: ${name} = ${value}`);
    }
    const { port1, port2 } = new MessageChannel();
    await this.ask({ op: 'connect', port: port2, settings }, [port2]);
    return port1;
  }

  /** A consistent, gzipped tarball of the data directory. */
  dumpDataDir(): Promise<Blob> {
    return this.ask({ op: 'dump' });
  }

  /** Closes the database and ends the thread. */
  async close(): Promise<void> {
    await this.ask({ op: 'close' }).catch(() => {});
    await this.thread.terminate();
  }
}
