// The benchmarks' large catalogues: seeded once, on PGlite in a temporary DATA_DIR or on a PostgreSQL database
// kept between runs (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/fundscape_bench).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../src/server/db/client.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fundscape_bench';

export async function counts(db: Db): Promise<{ investors: number; funds: number }> {
  const [row] = await queryRows(
    db,
    sql`SELECT (SELECT count(*) FROM investors)::int AS investors, (SELECT count(*) FROM funds)::int AS funds`,
  );
  return { investors: Number(row.investors), funds: Number(row.funds) };
}

export async function fill(db: Db, investors: number, funds: number) {
  let last = 0;
  const started = performance.now();
  await seedCatalogue(db, {
    investors,
    funds,
    batchSize: 5000,
    onProgress: (p) => {
      const done = p.investors + p.funds;
      if (done - last >= 50_000 || done === investors + funds) {
        last = done;
        process.stdout.write(
          `  seeded ${done.toLocaleString('en-US')} rows, ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
        );
      }
    },
  });
  await db.execute(sql`VACUUM ANALYZE investors`);
  await db.execute(sql`VACUUM ANALYZE funds`);
}

/** Creates the database the URL names on its server, unless it exists. */
export async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE_URL names an odd database: "${name}"`);
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

/** The PostgreSQL bench database with `want` rows, seeded anew when it has others (or when asked). */
export async function ensureSeeded(db: Db, url: string, want: { investors: number; funds: number }, reseed: boolean) {
  const have = await counts(db);
  const name = new URL(url).pathname.slice(1);
  const size = `${want.investors.toLocaleString('en-US')} investors and ${want.funds.toLocaleString('en-US')} funds`;
  if (reseed || have.investors !== want.investors || have.funds !== want.funds) {
    process.stdout.write(`PostgreSQL ${name}: seeding ${size}\n`);
    await db.execute(sql`TRUNCATE investors, funds RESTART IDENTITY CASCADE`);
    await fill(db, want.investors, want.funds);
  } else {
    process.stdout.write(`PostgreSQL ${name}: reusing its ${size}\n`);
    await db.execute(sql`ANALYZE investors`);
  }
}
