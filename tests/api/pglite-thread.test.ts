// PGlite on its own thread (db/pglite-thread.ts): its connections, one statement at a time, a transaction's alone.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newPglite } from '../../src/server/db/client.js';
import { PgliteConnection, type PgliteThread } from '../../src/server/db/pglite-thread.js';
import { pgliteDump } from '../helpers/database.js';

/** A new database, from the suites' initialized copy when they have one (initdb is seconds of CPU). */
const opened = () => newPglite({ loadDataDir: pgliteDump('initializedPgliteDump') ?? undefined });

describe("PGlite's thread", () => {
  let app: PgliteThread;
  let other: PgliteConnection;

  beforeAll(async () => {
    app = await opened();
    await app.exec('CREATE TABLE t (n int)');
    other = new PgliteConnection(await app.connect());
  });
  beforeEach(() => app.exec('DELETE FROM t'));
  afterAll(() => app.close());

  const count = async (on: PgliteConnection) => Number((await on.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0].n);

  it("runs no other connection's statement inside a transaction, and the app's once it commits", async () => {
    const order: string[] = [];
    let appRead: Promise<unknown> | undefined;
    await other.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (1)');
      // Sent before the transaction's next statement, answered after its commit: never inside it.
      appRead = app.query<{ xact: unknown }>('SELECT pg_current_xact_id_if_assigned() AS xact, count(*)::int AS n FROM t').then(({ rows }) => {
        order.push('app');
        return rows[0];
      });
      await tx.query('INSERT INTO t VALUES (2)');
      order.push('second insert');
    });
    expect(await appRead).toEqual({ xact: null, n: 2 });
    expect(order).toEqual(['second insert', 'app']);
  });

  it("answers the app's waiting statements before another connection's", async () => {
    const order: string[] = [];
    const slow = app.query('SELECT pg_sleep(0.2)');
    const theirs = other.query('SELECT 1').then(() => order.push('other'));
    const ours = app.query('SELECT 1').then(() => order.push('app'));
    await Promise.all([slow, theirs, ours]);
    expect(order).toEqual(['app', 'other']);
  });

  it('gives each connection its own settings, in and out of its transactions, whatever runs between', async () => {
    const generic = new PgliteConnection(await app.connect({ plan_cache_mode: 'force_generic_plan' }));
    const mode = async (on: PgliteConnection) =>
      (await on.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows[0].plan_cache_mode;
    const [a, b, c, d] = await Promise.all([mode(app), mode(generic), mode(other), mode(generic)]);
    expect([a, b, c, d]).toEqual(['auto', 'force_generic_plan', 'auto', 'force_generic_plan']);
    // A transaction that fails and rolls back keeps them, and the app's statements sent meanwhile have its own.
    let appsMeanwhile: Promise<string> | undefined;
    await expect(
      generic.transaction(async (tx) => {
        appsMeanwhile = mode(app);
        expect(await mode(tx)).toBe('force_generic_plan');
        await tx.query('SELECT 1 / 0');
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect([await appsMeanwhile, await mode(generic), await mode(app)]).toEqual(['auto', 'force_generic_plan', 'auto']);
    await expect(app.connect({ 'plan_cache_mode; DROP TABLE t': 'auto' })).rejects.toThrow('not a setting');
  });

  it("gives PostgreSQL's error with its code, and rolls back a transaction that throws", async () => {
    await expect(app.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012', message: 'division by zero' });
    await expect(
      other.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count(app)).toBe(0);
  });

  it('commits a transaction with its last statement, and rolls it back when that statement fails', async () => {
    await other.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (1)');
      await tx.queryThenCommit('INSERT INTO t VALUES (2)');
    });
    expect(await count(app)).toBe(2);
    await expect(
      other.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (3)');
        await tx.queryThenCommit('INSERT INTO t VALUES (1 / 0)');
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await count(app)).toBe(2);
    // Neither left a transaction open: the app's statements run, and so does another transaction.
    await app.transaction(async (tx) => tx.query('INSERT INTO t VALUES (4)'));
    expect(await count(other)).toBe(3);
  });

  it('rolls back what a connection left open when its thread lets go of it, and goes on', async () => {
    const port = await app.connect();
    const leaving = new PgliteConnection(port);
    const left = leaving.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (1)');
      port.close();
      await tx.query('INSERT INTO t VALUES (2)');
    });
    await expect(left).rejects.toThrow('The database is closed');
    expect(await count(app)).toBe(0);
    expect(await count(other)).toBe(0);
  });

  it('ends the other connections when the database closes', async () => {
    const closing = await opened();
    const theirs = new PgliteConnection(await closing.connect());
    expect((await theirs.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await closing.close();
    await expect(theirs.query('SELECT 1')).rejects.toThrow('The database is closed');
  });
});
