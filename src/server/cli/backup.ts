// npm run backup -- FILE: writes a consistent copy of the PGlite database in DATA_DIR (and DATA_DIR's JWT
// secret) to FILE. While the app runs it takes the copy itself and hands it over DATA_DIR/backup.sock;
// otherwise the database is opened here. FILE appears only once the copy in it has been opened and checked.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { resolveDataDir } from '../config.js';
import { openDatabase } from '../db/client.js';
import { holdsDatabase, takeBackup, verifyBackup } from '../db/backup/backup-database.js';
import { NoBackupSocketError, requestBackup } from '../db/backup/backup-socket.js';
import { DataDirInUseError, lockDataDir } from '../db/backup/data-dir-lock.js';
import { backupFileArgument } from './backup-file-argument.js';

/** How long a starting app (migrations) may take to answer on its socket. */
const APP_ANSWER_TIMEOUT_MS = 30_000;

async function requestFromApp(dataDir: string): Promise<Buffer> {
  const deadline = Date.now() + APP_ANSWER_TIMEOUT_MS;
  for (;;) {
    try {
      return await requestBackup(dataDir);
    } catch (error) {
      if (!(error instanceof NoBackupSocketError)) throw error;
      if (Date.now() > deadline) {
        throw new Error(`${dataDir} is in use, but no app answers on its backup socket: is a backup or a restore running?`, { cause: error });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The backup's bytes, and whether the running app gave them. */
async function takeFromAppOrHere(dataDir: string): Promise<{ bytes: Buffer; fromApp: boolean }> {
  let lock;
  try {
    lock = await lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    return { bytes: await requestFromApp(dataDir), fromApp: true };
  }
  try {
    const database = await openDatabase({ dataDir });
    try {
      return { bytes: await takeBackup(dataDir, database), fromApp: false };
    } finally {
      await database.close();
    }
  } finally {
    await lock.release();
  }
}

/** Writes FILE whole or not at all: a temporary file beside it, synced, read back and checked, then renamed. */
async function writeVerified(file: string, bytes: Buffer) {
  const temporary = `${file}.${process.pid}.partial`;
  try {
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    const backup = await verifyBackup(readFileSync(temporary)).catch((error: unknown) => {
      throw new Error(`the copy does not check out: ${(error as Error).message}`, { cause: error });
    });
    renameSync(temporary, file);
    return backup;
  } finally {
    rmSync(temporary, { force: true });
  }
}

async function run() {
  const file = backupFileArgument({
    verb: 'write',
    usage: 'Usage: npm run backup -- FILE',
    onPostgres:
      'DATABASE_URL is set: the database is PostgreSQL\'s, so back it up with pg_dump (e.g. pg_dump --format=custom --file=fundscape.dump "$DATABASE_URL").\n' +
      'npm run backup copies the embedded PGlite database in DATA_DIR.',
  });
  const dataDir = resolveDataDir();
  if (!holdsDatabase(dataDir)) throw new Error(`There is no database in ${dataDir} (DATA_DIR)`);
  const { bytes, fromApp } = await takeFromAppOrHere(dataDir);
  const backup = await writeVerified(file, bytes);
  const megabytes = (bytes.length / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `Backed up ${dataDir} ${fromApp ? 'from the running app' : '(the app is not running)'} to ${file}: ${megabytes} MB, checked.\n` +
      (backup.jwtSecret
        ? 'It holds the JWT secret kept in DATA_DIR: keep the file as private as DATA_DIR.\n'
        : 'DATA_DIR keeps no JWT secret (JWT_SECRET is set): keep that value along with the backup.\n'),
  );
}

run().catch((error: unknown) => {
  process.stderr.write(`Backup failed, nothing was written: ${(error as Error).message}\n`);
  process.exit(1);
});
