// While the app runs it alone has the PGlite files open, so it hands out backups itself: over a Unix socket in
// DATA_DIR that only DATA_DIR's owner may connect to (0600), never over the HTTP port. Connecting is the
// request; the answer is the backup file's bytes, or a line starting with ERROR_PREFIX.
import { rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import type { Database } from '../client.js';
import { takeBackup } from './backup-database.js';

const SOCKET_FILE = 'backup.sock';
const ERROR_PREFIX = 'error: ';

export interface BackupSocket {
  close(): Promise<void>;
}

/** Serves backups of the database on DATA_DIR/backup.sock. Call with DATA_DIR locked (data-dir-lock.ts). */
export async function serveBackups(
  dataDir: string,
  database: Database,
  log: { info(message: string): void; error(message: string): void },
): Promise<BackupSocket> {
  const file = path.join(dataDir, SOCKET_FILE);
  const server = createServer((socket) => {
    socket.on('error', () => socket.destroy());
    takeBackup(dataDir, database).then(
      (bytes) => {
        log.info(`Backup of ${bytes.length} bytes sent over ${file}`);
        socket.end(bytes);
      },
      (error: unknown) => {
        log.error(`Backup failed: ${(error as Error).message}`);
        socket.end(`${ERROR_PREFIX}${(error as Error).message}\n`);
      },
    );
  });
  // Only a process that died before closing it leaves one; DATA_DIR's lock says none is listening.
  rmSync(file, { force: true });
  // The socket file is made by bind(), inside listen() and before it returns: under this umask it is never
  // open to anyone but its owner, not even for a moment.
  const umask = process.umask(0o177);
  try {
    server.listen(file);
  } finally {
    process.umask(umask);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  server.unref();
  return { close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export class NoBackupSocketError extends Error {}

/** Asks the app running on DATA_DIR for a backup: the backup file's bytes. */
export function requestBackup(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, SOCKET_FILE);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(file);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? new NoBackupSocketError(`Nothing answers on ${file}`) : error),
    );
    socket.once('end', () => {
      const bytes = Buffer.concat(chunks);
      const text = bytes.subarray(0, ERROR_PREFIX.length).toString();
      if (text === ERROR_PREFIX) reject(new Error(`The app could not take the backup: ${bytes.subarray(ERROR_PREFIX.length).toString().trim()}`));
      else resolve(bytes);
    });
  });
}
