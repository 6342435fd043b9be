// `npm test`: the browser suites in one Vitest process and the others (unit, api, component) in a second, at the same
// time, then one report of both (Vitest's blob reports, merged).
//
// Why two processes: the browser files run one after another on one server and browser (vite.config.ts) and keep
// about one of this machine's two cores busy; the other suites keep two. Within one Vitest process, projects that run
// at the same time must share one maxWorkers, so the browser files could only run before or after the others, with a
// core idle for the whole browser phase. The other suites run at a lower priority (nice 4), so that both end together:
// the browser files, one at a time, lose most to a busy machine. At nice 5 the others once ended 45-70 s after the
// browser files; since their schemas are compiled once per process, at nice 2 they ended 39 s before (601 s against
// 640), at nice 4 3 s after (597 against 594).
//
//   npm test                                   every suite, as above
//   npm test -- --reporter=json --outputFile.json=FILE
//                                              the same, those reporters for the one report (what .ci/run passes)
//   npm test -- tests/api/lists.test.ts …      anything else: plain `vitest run` with those arguments
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const progressReporter = path.join(root, 'tests/helpers/file-progress-reporter.ts');
const args = process.argv.slice(2);

/** Niceness of the unit, API and component suites beside the browser suites. */
const BESIDE_BROWSER_NICENESS = 4;

/** `--reporter X`, `--reporter=X`, `--outputFile.json=F` …: options of the one report. */
function reportOptions(list: string[]): string[] | undefined {
  const options: string[] = [];
  for (let i = 0; i < list.length; i += 1) {
    if (!/^--(reporter|outputFile)\b/.test(list[i])) return undefined;
    options.push(list[i]);
    if (!list[i].includes('=') && i + 1 < list.length) options.push(list[(i += 1)]);
  }
  return options;
}

function run(vitestArgs: string[], niceness = 0): Promise<number> {
  const child: ChildProcess = spawn(process.execPath, [vitest, ...vitestArgs], { cwd: root, stdio: 'inherit' });
  if (niceness && child.pid) setPriority(child.pid, niceness);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`;

async function timed(vitestArgs: string[], niceness: number) {
  const since = performance.now();
  const code = await run(vitestArgs, niceness);
  return { code, took: seconds(since) };
}

const report = reportOptions(args);
if (!report) process.exit(await run(['run', ...args]));

const blobs = mkdtempSync(path.join(tmpdir(), 'fundscape-test-reports-'));
const started = performance.now();
const half = (name: string, projects: string[], niceness = 0) =>
  timed(
    [
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=blob',
      `--outputFile.blob=${path.join(blobs, `${name}.json`)}`,
      `--reporter=${progressReporter}`,
    ],
    niceness,
  );
const [browser, others] = await Promise.all([
  half('browser', ['e2e']),
  half('others', ['unit', 'api', 'component'], BESIDE_BROWSER_NICENESS),
]);
const merged = await run(['run', `--merge-reports=${blobs}`, ...report]);
rmSync(blobs, { recursive: true, force: true });
console.log(`npm test: ${seconds(started)} (browser suites ${browser.took}, the others ${others.took}, side by side)`);
// A process that ended without its report (a global setup that failed) fails the run even if the report passes.
process.exit(Math.max(browser.code, others.code, merged));
