import { loadConfig, loadDotEnv } from './config.js';
import { DataDirInUseError, lockDataDir } from './db/backup/data-dir-lock.js';

function refuseInUse(error: unknown): never {
  if (!(error instanceof DataDirInUseError)) throw error;
  process.stderr.write(`Not started: ${error.message}\n`);
  process.exit(1);
}

/**
 * Runs the server once its PGlite files are this process's alone until it ends (npm run backup asks it for a copy
 * instead). The lock is taken before `prepare` (npm start's client build) and before the app's modules load, which
 * takes seconds: a second process on the same DATA_DIR is refused at once, and builds nothing under the running one.
 */
export async function main(prepare?: () => Promise<void>) {
  loadDotEnv();
  const config = loadConfig();
  if (!config.databaseUrl) await lockDataDir(config.dataDir).catch(refuseInUse);
  await prepare?.();
  const { serveApp } = await import('./serve-app.js');
  return serveApp(config);
}
