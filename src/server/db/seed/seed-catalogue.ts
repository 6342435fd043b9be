import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { queryRows } from '../query-rows.js';
import { funds, investors } from '../schema.js';
import { insertRows } from '../catalogue-store.js';
import { CatalogueGenerator } from './generate.js';

export const FIRST_START_INVESTORS = 5_000;
export const FIRST_START_FUNDS = 1_500;
export const DEFAULT_BATCH_SIZE = 2_000;

export interface SeedProgress {
  investors: number;
  funds: number;
}

export interface SeedOptions {
  investors: number;
  funds: number;
  batchSize?: number;
  /** Called after every batch with the rows written so far. */
  onProgress?: (done: SeedProgress) => void;
}

async function rowCount(db: Db, table: typeof investors | typeof funds): Promise<number> {
  const rows = await queryRows(db, sql`SELECT count(*)::int AS n FROM ${table}`);
  return Number(rows[0].n);
}

/**
 * Adds generated investors and funds to the catalogue, batch by batch, each batch one statement
 * (which bumps the catalogue version: a trigger does). Generation continues after the rows already
 * there, so seeding twice gives new people, and an empty catalogue always gets the same ones.
 */
export async function seedCatalogue(db: Db, options: SeedOptions): Promise<SeedProgress> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const generator = new CatalogueGenerator();
  const done: SeedProgress = { investors: 0, funds: 0 };
  const plan = [
    {
      key: 'investors' as const,
      table: investors,
      count: options.investors,
      make: (i: number) => generator.investorAt(i),
    },
    { key: 'funds' as const, table: funds, count: options.funds, make: (i: number) => generator.fundAt(i) },
  ];
  for (const { key, table, count, make } of plan) {
    if (count <= 0) continue;
    const start = await rowCount(db, table);
    while (done[key] < count) {
      const size = Math.min(batchSize, count - done[key]);
      const rows = Array.from({ length: size }, (_, k) => make(start + done[key] + k));
      await insertRows(db, table, rows);
      done[key] += size;
      options.onProgress?.({ ...done });
    }
  }
  return done;
}

/** First start: an empty catalogue gets the demo rows. Locked, so two instances starting together seed once. */
export async function seedIfEmpty(db: Db): Promise<SeedProgress | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('fundscape:first-start-seed'))`);
    const rows = await queryRows(
      tx,
      sql`SELECT NOT EXISTS (SELECT 1 FROM ${investors}) AND NOT EXISTS (SELECT 1 FROM ${funds}) AS empty`,
    );
    if (!rows[0].empty) return null;
    return seedCatalogue(tx, { investors: FIRST_START_INVESTORS, funds: FIRST_START_FUNDS });
  });
}
