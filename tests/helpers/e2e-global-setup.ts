// Once before the browser suites: build the client and seed one catalogue that every suite copies, so no
// suite rebuilds dist/ under another's feet and none waits for its own 6,500-row seed.
//
// Both run in a process of its own, started here and not waited for; each browser suite waits for it
// (`waitForE2EPrepared`) before it starts its server. When the other suites run in this Vitest process too (their
// files before the browser files), it runs at a low priority and takes what CPU they leave idle instead of holding
// them back; alone (`npm test`'s browser half, tests/run-suites.ts), the browser files wait on it, so it does not.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { stopProcessGroup } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR holding the migrated, seeded PGlite database; suites copy it, never write to it. */
    e2eSeededDataDir: string;
    /**
     * Written once the client is built and the catalogue seeded: empty when they are, else what went wrong.
     * Until then it does not exist.
     */
    e2ePreparedFile: string;
    /**
     * A folder where each worker's shared app (useE2EApp) records its server's process group and DATA_DIR, which
     * the teardown below stops and removes: the worker may end without running anything of its own.
     */
    e2eAppRegistry: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'fundscape-e2e-template-'));
  const dataDir = path.join(folder, 'data');
  const preparedFile = path.join(folder, 'prepared');
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/e2e-prepare.ts', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const besideOtherSuites = project.vitest.projects.some((other) => other.name !== project.name);
  if (child.pid && besideOtherSuites) setPriority(child.pid, 10);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const finish = (problem: string) => {
    writeFileSync(`${preparedFile}.partial`, problem);
    renameSync(`${preparedFile}.partial`, preparedFile);
  };
  child.on('error', (error) => finish(`the e2e preparation did not start: ${error.message}`));
  child.on('exit', (code, signal) =>
    finish(code === 0 ? '' : `building the client and seeding the e2e catalogue failed (${signal ?? `exit ${code}`}):\n${output}`),
  );
  project.provide('e2eSeededDataDir', dataDir);
  project.provide('e2ePreparedFile', preparedFile);
  const registry = path.join(folder, 'apps');
  mkdirSync(registry);
  project.provide('e2eAppRegistry', registry);
  return async () => {
    child.kill();
    await Promise.all(readdirSync(registry).map((file) => stopApp(JSON.parse(readFileSync(path.join(registry, file), 'utf8')))));
    rmSync(folder, { recursive: true, force: true });
  };
}

/** Ends a shared app's server and removes its DATA_DIR. */
async function stopApp({ group, dataDir }: { group: number; dataDir: string }) {
  await stopProcessGroup(group);
  rmSync(dataDir, { recursive: true, force: true });
}
