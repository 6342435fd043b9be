import { describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { testDatabases } from '../helpers/database.js';
import {
  FIRST_START_FUNDS,
  FIRST_START_INVESTORS,
  seedCatalogue,
  seedIfEmpty,
} from '../../src/server/db/seed/seed-catalogue.js';
import { readCatalogueVersion } from '../../src/server/modules/catalogue/version.js';
import { funds, investors } from '../../src/server/db/schema.js';
import type { Db } from '../../src/server/db/client.js';

/** Every row as generated: all but when it was added. */
const generated = <R extends { added_at: Date | null }>(rows: R[]) => rows.map(({ added_at: _added, ...row }) => row);

const everything = async (db: Db) => ({
  investors: generated(await db.select().from(investors).orderBy(asc(investors.id))),
  funds: generated(await db.select().from(funds).orderBy(asc(funds.id))),
});

// Seeding thousands of rows into PGlite takes 7-10 s on a quiet two-core machine, over 30 s on a busy one.
const SEEDING_MS = 120_000;

describe.each(testDatabases())('catalogue seed on $name', { timeout: SEEDING_MS }, (kind) => {
  it('seeds an empty catalogue on first start, once', async () => {
    const database = await kind.open();
    try {
      expect(await seedIfEmpty(database.db)).toEqual({ investors: FIRST_START_INVESTORS, funds: FIRST_START_FUNDS });
      const rows = await everything(database.db);
      expect(rows.investors).toHaveLength(5_000);
      expect(rows.funds).toHaveLength(1_500);
      expect(await readCatalogueVersion(database.db)).toBeGreaterThan(0);
      expect(await seedIfEmpty(database.db)).toBeNull();
      expect((await everything(database.db)).investors).toHaveLength(5_000);
    } finally {
      await database.close();
    }
  });

  it('makes the same rows whatever the batches, and continues after the rows already there', async () => {
    const [a, b] = [await kind.open(), await kind.open()];
    try {
      await seedCatalogue(a.db, { investors: 50, funds: 20 });
      const progress: number[] = [];
      await seedCatalogue(b.db, {
        investors: 30,
        funds: 8,
        batchSize: 7,
        onProgress: (p) => progress.push(p.investors + p.funds),
      });
      await seedCatalogue(b.db, { investors: 20, funds: 12, batchSize: 9 });
      expect(progress).toEqual([7, 14, 21, 28, 30, 37, 38]);
      expect(await everything(b.db)).toEqual(await everything(a.db));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('leaves a catalogue that has rows alone on first start', async () => {
    const database = await kind.open();
    try {
      await seedCatalogue(database.db, { investors: 0, funds: 3 });
      expect(await seedIfEmpty(database.db)).toBeNull();
      expect((await everything(database.db)).investors).toHaveLength(0);
    } finally {
      await database.close();
    }
  });
});
