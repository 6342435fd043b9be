// npm run restore -- FILE: puts a backup written by npm run backup into DATA_DIR, which must be empty (or not
// exist yet): the PGlite database, and the JWT secret if the backup holds one. Then start the app on it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolveDataDir } from '../config.js';
import { restoreBackup } from '../db/backup/backup-database.js';
import { BackupFileError, decodeBackup } from '../db/backup/backup-format.js';
import { DataDirInUseError, lockDataDir } from '../db/backup/data-dir-lock.js';
import { backupFileArgument } from './backup-file-argument.js';

class RefusedError extends Error {}

function readBackupFile(file: string) {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new RefusedError(`${file} cannot be read: ${(error as Error).message}`, { cause: error });
  }
  return decodeBackup(bytes);
}

function refuseUnlessEmpty(dataDir: string) {
  const entries = existsSync(dataDir) ? readdirSync(dataDir) : [];
  if (entries.length > 0) {
    throw new RefusedError(
      `${dataDir} (DATA_DIR) is not empty (it holds ${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', …' : ''}). ` +
        'A restore never overwrites a database: move it aside, or set DATA_DIR to a new directory.',
    );
  }
}

async function run() {
  const file = backupFileArgument({
    verb: 'restore',
    usage: 'Usage: npm run restore -- FILE',
    onPostgres:
      'Not restored: DATABASE_URL is set: the database is PostgreSQL\'s, so restore it with pg_restore (or psql for a plain pg_dump). ' +
      'npm run restore fills DATA_DIR for the embedded PGlite database.',
  });
  const dataDir = resolveDataDir();
  refuseUnlessEmpty(dataDir);
  const backup = readBackupFile(file);
  const lock = await lockDataDir(dataDir);
  try {
    // Again, now that no other process may start on it.
    refuseUnlessEmpty(dataDir);
    const { allMigrations } = await restoreBackup(dataDir, backup);
    process.stdout.write(
      `Restored ${file} (taken ${backup.takenAt.toISOString()}) into ${dataDir}.\n` +
        (backup.jwtSecret
          ? 'The JWT secret kept in DATA_DIR came with it.\n'
          : 'The backup holds no JWT secret (the app was given JWT_SECRET): start the app with the same JWT_SECRET.\n') +
        (allMigrations ? '' : 'It was taken by an older version of Fundscape: the app applies the newer migrations when it starts.\n'),
    );
  } finally {
    await lock.release();
  }
}

run().catch((error: unknown) => {
  const known = error instanceof RefusedError || error instanceof DataDirInUseError;
  const prefix = error instanceof BackupFileError ? `${process.argv[2]} cannot be restored` : known ? 'Not restored' : 'Restore failed';
  process.stderr.write(`${prefix}: ${(error as Error).message}\n`);
  process.exit(1);
});
