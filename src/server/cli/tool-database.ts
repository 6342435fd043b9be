// How a command-line tool (seed, import) starts: its arguments, `.env` and the config; and the database it
// works on: PostgreSQL as the app may be running on it, or PGlite's files in DATA_DIR once this process holds
// them (PGlite is single-process: with the app running the tool stops with DataDirInUseError instead of
// opening them beside it).
import { loadConfig, loadDotEnv, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { lockDataDir } from '../db/backup/data-dir-lock.js';

/**
 * A tool's arguments as `read` makes them of its command line (a thrown message: said with the usage, and
 * exit 2), then `.env` read and the config.
 */
export function startTool<A>(read: () => A, usage: string): { args: A; config: Config } {
  let args: A;
  try {
    args = read();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}\n`);
    process.exit(2);
  }
  loadDotEnv();
  return { args, config: loadConfig() };
}

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
