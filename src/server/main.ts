import { loadConfig, loadDotEnv } from './config.js';
import { lockDataDir } from './db/backup/data-dir-lock.js';

/**
 * Runs the server once its PGlite files are this process's alone until it ends (npm run backup asks it for a copy
 * instead). The lock is taken before `prepare` (npm start's client build) and before the app's modules load, which
 * takes seconds: a second process on the same DATA_DIR is refused at once, and builds nothing under the running one.
 */
export async function main(prepare?: () => Promise<void>) {
  loadDotEnv();
  const config = loadConfig();
  if (!config.databaseUrl) await lockDataDir(config.dataDir);
  await prepare?.();
  const { serveApp } = await import('./serve-app.js');
  return serveApp(config);
}
