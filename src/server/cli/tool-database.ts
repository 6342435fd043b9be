// The database a command-line tool (seed, import) works on: PostgreSQL as the app may be running on it, or
// PGlite's files in DATA_DIR once this process holds them (PGlite is single-process: with the app running
// the tool stops with DataDirInUseError instead of opening them beside it).
import type { Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { lockDataDir } from '../db/backup/data-dir-lock.js';

export async function openToolDatabase(config: Config): Promise<{ database: Database; close(): Promise<void> }> {
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    return {
      database,
      async close() {
        await database.close();
        await lock?.release();
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}
