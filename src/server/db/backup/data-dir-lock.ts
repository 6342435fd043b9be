// One process at a time opens the PGlite files in DATA_DIR (PGlite is embedded and single-process): the app,
// a backup taken while the app is stopped, a restore, a seed or an import. The lock is a listening socket,
// which two processes can never both hold. On Linux it is an abstract socket (no file), gone with its process
// however that ends; elsewhere a socket file in the temporary directory, which a process that died leaves
// behind and which is taken over once nothing answers on it.
import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(`${dataDir} is in use by another Fundscape process (the app, a backup, a restore, a seed or an import)`);
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

function lockAddress(dataDir: string): string {
  // Short enough for a socket path (about 100 bytes at most) under macOS's long temporary directory.
  const key = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 32);
  return process.platform === 'linux' ? `\0fundscape-data-dir-${key}` : path.join(tmpdir(), `fundscape-${key}.lock`);
}

function listen(server: Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Whether a process is listening at the address (a socket file nobody listens on is left from a dead one). */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(address, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Takes DATA_DIR (making it if needed) for this process, or throws DataDirInUseError. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const address = lockAddress(dataDir);
  // Whoever connects is only told the directory is taken.
  const server = createServer((socket) => socket.destroy());
  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (address.startsWith('\0') || (await answers(address))) throw new DataDirInUseError(dataDir);
    // A socket file left by a process that died: taken over.
    rmSync(address, { force: true });
    await listen(server, address).catch(() => {
      throw new DataDirInUseError(dataDir);
    });
  }
  // Held until release() or the end of the process, without keeping the process alive.
  server.unref();
  return { release: () => new Promise((resolve) => server.close(() => resolve())) };
}
