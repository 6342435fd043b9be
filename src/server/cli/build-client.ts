import path from 'node:path';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLIENT_SOURCES = ['index.html', 'vite.config.ts', 'manifest.webmanifest', 'package.json', 'public', 'src'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  if (entry === path.join(root, 'src', 'server')) return 0;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), 0);
}

/** Runs vite build unless dist/index.html is newer than every client source. */
export async function ensureClientBuilt() {
  const builtAt = newestMtime(path.join(root, 'dist', 'index.html'));
  const sourcesAt = Math.max(...CLIENT_SOURCES.map((entry) => newestMtime(path.join(root, entry))));
  if (builtAt > sourcesAt) return;
  console.log('Building the client…');
  const { build } = await import('vite');
  // Always a production build: under vitest NODE_ENV is 'test', which would give React's development
  // build and import.meta.env.PROD === false (no service worker).
  const callerNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, logLevel: 'warn' });
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerNodeEnv;
  }
}
