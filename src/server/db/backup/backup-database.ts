// Taking a backup of a PGlite database, checking one, and putting one back into an empty DATA_DIR.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { JWT_SECRET_FILE } from '../../config.js';
import { migrationsApplied, newPglite, pgliteDrizzle, type Database, type Db } from '../client.js';
import type { PgliteThread } from '../pglite-thread.js';
import { BackupFileError, decodeBackup, encodeBackup, type Backup } from './backup-format.js';

/** Where openDatabase keeps PGlite's files inside DATA_DIR. */
const PGLITE_DIR = 'pglite';

/** Whether DATA_DIR holds a PGlite database. */
export function holdsDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, PGLITE_DIR, 'PG_VERSION'));
}

/** The backup file's bytes: the open PGlite database, and DATA_DIR's JWT secret when it keeps one. */
export async function takeBackup(dataDir: string, database: Database): Promise<Buffer> {
  if (!database.dumpDataDir) throw new Error('Only a PGlite database is backed up this way; use pg_dump for PostgreSQL');
  const secretFile = path.join(dataDir, JWT_SECRET_FILE);
  const jwtSecret = existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : null;
  const dump = await database.dumpDataDir();
  return encodeBackup({ takenAt: new Date(), jwtSecret, dataDir: Buffer.from(await dump.arrayBuffer()) });
}

/** Opens the tarball (in memory, or loaded into `pgliteDir`) and answers whether it holds every migration. */
async function loadAndCheck(backup: Backup, pgliteDir?: string): Promise<boolean> {
  let client: PgliteThread;
  try {
    client = await newPglite({ dataDir: pgliteDir, loadDataDir: new Blob([new Uint8Array(backup.dataDir)]) });
  } catch (error) {
    throw new BackupFileError(`its database does not open: ${(error as Error).message}`);
  }
  try {
    return await migrationsApplied(pgliteDrizzle(client) as unknown as Db);
  } catch (error) {
    throw new BackupFileError(`its database has no Fundscape tables: ${(error as Error).message}`);
  } finally {
    await client.close();
  }
}

/**
 * Reads a backup file's bytes and opens its database in memory: throws BackupFileError unless it is whole,
 * opens and holds every migration of this code.
 */
export async function verifyBackup(bytes: Buffer): Promise<Backup> {
  const backup = decodeBackup(bytes);
  if (!(await loadAndCheck(backup))) throw new BackupFileError('its database lacks migrations of this version of Fundscape');
  return backup;
}

/**
 * Puts the backup into DATA_DIR, which the caller has locked and found empty. The database is loaded and
 * checked beside its final place and moved there only once it opens, so a failed restore leaves DATA_DIR as
 * it was. Answers whether it holds every migration of this code (an older backup's are applied at start).
 */
export async function restoreBackup(dataDir: string, backup: Backup): Promise<{ allMigrations: boolean }> {
  const staging = path.join(dataDir, '.restoring');
  mkdirSync(staging, { recursive: true });
  try {
    const allMigrations = await loadAndCheck(backup, path.join(staging, PGLITE_DIR));
    renameSync(path.join(staging, PGLITE_DIR), path.join(dataDir, PGLITE_DIR));
    if (backup.jwtSecret) writeFileSync(path.join(dataDir, JWT_SECRET_FILE), backup.jwtSecret, { mode: 0o600, flag: 'wx' });
    return { allMigrations };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
