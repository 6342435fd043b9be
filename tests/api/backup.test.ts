// npm run backup and npm run restore (README, "Backups"): a backup taken from the running app (over its
// socket in DATA_DIR) and restored into an empty DATA_DIR gives back every row of every table and the JWT
// secret, so the app starts on it and answers the same; and what a restore or a backup refuses.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE, loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { SAVED_SEARCHES_PATH } from '../../src/shared/saved-searches.js';
import { buildTestApp } from '../helpers/app.js';
import { openPgliteIn } from '../helpers/database.js';
import { insertFund, insertInvestor, listWith } from '../helpers/pipeline.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { member } from '../helpers/teams.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Each PGlite start takes a few seconds, and on a busy machine a minute or more. */
const LONG = 600_000;

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of src/server/cli's scripts to its end, as npm would (`npm run backup -- FILE`). */
function runCli(script: 'backup' | 'restore' | 'serve' | 'seed' | 'import', args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every row of every table (Fundscape's and drizzle's migrations), in a stable order. */
async function everyRow(dataDir: string): Promise<Record<string, unknown[]>> {
  const database = await openDatabase({ dataDir });
  try {
    const tables = (await queryRows(
      database.db,
      sql`SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
          WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1`,
    )) as Array<{ name: string }>;
    const rows: Record<string, unknown[]> = {};
    for (const { name } of tables) {
      rows[name] = await queryRows(database.db, sql.raw(`SELECT to_jsonb(t)::text AS row FROM ${name} t ORDER BY 1`));
    }
    return rows;
  } finally {
    await database.close();
  }
}

describe('backup and restore of the PGlite database', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'fundscape-backup-'));
  const sourceDir = path.join(tmp, 'source');
  const backupFile = path.join(tmp, 'fundscape.backup');
  let owner: Awaited<ReturnType<typeof member>>;
  let investorListId: number;
  let ana: number;
  /** The API's answers the founder reads, before the backup. */
  const reads: Record<string, unknown> = {};
  let readPaths: string[];

  async function read(server: ServerProcess, url: string) {
    const res = await fetch(`${server.baseUrl}/api/v1${url}`, { headers: owner.headers });
    expect(res.status, url).toBe(200);
    return res.json() as Promise<unknown>;
  }

  beforeAll(async () => {
    // The rows are made through the real API, in this process, on the files the server then opens.
    const { jwtSecret } = loadConfig({ DATA_DIR: sourceDir });
    const built = await buildTestApp(
      { name: 'pglite', open: () => openPgliteIn(sourceDir) },
      { rateLimit: false, config: { dataDir: sourceDir, jwtSecret } },
    );
    const { app } = built;
    owner = await member(app);
    const teammate = await member(app);
    ana = await insertInvestor(app, 'Ana', 'Stone', 'Stone Capital');
    const ben = await insertInvestor(app, 'Ben', 'Abbot', 'Abbot Ventures');
    const northwind = await insertFund(app, 'Northwind Partners');
    investorListId = await listWith(owner.call, 'investor', [ana, ben], 'Seed round');
    await listWith(owner.call, 'fund', [northwind], 'Later');
    await listWith(teammate.call, 'investor', [ben], 'Teammate list');
    const patched = await owner.call('PATCH', `/lists/${investorListId}/investors/${ana}`, {
      stage: 'meeting',
      follow_up_on: '2027-03-01',
      amount: 250_000,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const noted = await owner.call('POST', `/lists/${investorListId}/investors/${ana}/notes`, { body: 'Intro call went well' });
    expect(noted.statusCode, noted.body).toBe(201);
    const saved = await owner.call('POST', SAVED_SEARCHES_PATH.replace('/api/v1', ''), {
      name: 'Seed in Germany',
      kind: 'investors',
      query: { countries: ['Germany'], stages: ['Seed'] },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await built.close();
    readPaths = [
      '/auth/me',
      '/lists',
      `/lists/${investorListId}/items`,
      `/lists/${investorListId}/investors/${ana}/notes`,
      SAVED_SEARCHES_PATH.replace('/api/v1', ''),
    ];
  }, LONG);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('backs up the running app over a socket only its owner may use, and restores every row and the JWT secret', async () => {
    const env = { DATA_DIR: sourceDir, JWT_SECRET: '' };
    const source = await startServerProcess({ env });
    try {
      // A write of the running app's own, after the rows above.
      const note = await fetch(`${source.baseUrl}/api/v1/lists/${investorListId}/investors/${ana}/notes`, {
        method: 'POST',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ body: 'Sent the deck' }),
      });
      expect(note.status).toBe(201);
      for (const url of readPaths) reads[url] = await read(source, url);
      expect(statSync(path.join(sourceDir, 'backup.sock')).mode & 0o777).toBe(0o600);

      // PGlite's files are the app's alone: a second server on them stops at once.
      const second = await runCli('serve', [], { ...env, PORT: '0' });
      expect(second.code).not.toBe(0);
      expect(second.stderr).toContain(`Not started: ${sourceDir} is in use by another Fundscape process`);
      // Nor does a seed or an import open them beside the app.
      const csv = path.join(tmp, 'one.csv');
      writeFileSync(csv, 'first_name,last_name\nAda,Stone\n');
      for (const [script, args] of [['seed', ['--investors', '1']], ['import', ['investors', csv]]] as const) {
        const tool = await runCli(script, [...args], env);
        expect(tool.code, script).not.toBe(0);
        expect(tool.stderr, script).toContain(`${sourceDir} is in use by another Fundscape process`);
      }
      rmSync(csv);
      const backup = await runCli('backup', [backupFile], env);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('from the running app');
      expect(statSync(backupFile).mode & 0o777).toBe(0o600);
      expect(readdirSync(tmp).sort()).toEqual(['fundscape.backup', 'source']);
    } finally {
      expect(await source.stop(), source.output()).toBe(0);
    }

    const restoredDir = path.join(tmp, 'restored');
    const restore = await runCli('restore', [backupFile], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(readdirSync(restoredDir).sort()).toEqual([JWT_SECRET_FILE, 'pglite']);
    expect(readFileSync(path.join(restoredDir, JWT_SECRET_FILE), 'utf8')).toBe(readFileSync(path.join(sourceDir, JWT_SECRET_FILE), 'utf8'));
    expect(statSync(path.join(restoredDir, JWT_SECRET_FILE)).mode & 0o777).toBe(0o600);
    const [sourceRows, restoredRows] = [await everyRow(sourceDir), await everyRow(restoredDir)];
    expect(sourceRows['public.pipeline_notes']).toHaveLength(2);
    expect(restoredRows).toEqual(sourceRows);

    // The app starts on it (its catalogue index built anew) and answers as before, to the same tokens.
    const restored = await startServerProcess({ env: { DATA_DIR: restoredDir, JWT_SECRET: '' } });
    try {
      for (const url of readPaths) expect(await read(restored, url), url).toEqual(reads[url]);
      const search = (await read(restored, '/investors/search?search_term=stone')) as { results: Array<{ id: number }> };
      expect(search.results.map((row) => row.id)).toEqual([ana]);
    } finally {
      expect(await restored.stop(), restored.output()).toBe(0);
    }
  }, LONG);

  describe('refuses', () => {
    it('a DATA_DIR that is not empty, and leaves it as it was', async () => {
      const dataDir = mkdtempSync(path.join(tmp, 'full-'));
      writeFileSync(path.join(dataDir, 'notes.txt'), 'mine');
      const result = await runCli('restore', [backupFile], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^Not restored: .* \(DATA_DIR\) is not empty \(it holds notes\.txt\)/);
      expect(readdirSync(dataDir)).toEqual(['notes.txt']);
    }, LONG);

    it('a file that is not a whole backup, and leaves DATA_DIR empty', async () => {
      const whole = readFileSync(backupFile);
      const headerEnd = whole.indexOf('\n', whole.indexOf('\n') + 1) + 1;
      const cases = [
        ['cut-off.backup', whole.subarray(0, whole.length - 1000), /it is cut off or damaged/],
        ['garbage.backup', Buffer.concat([whole.subarray(0, headerEnd), Buffer.alloc(whole.length - headerEnd, 7)]), /its database does not open/],
        ['other.backup', Buffer.from('id,name\n1,Ana\n'), /it is not a Fundscape backup/],
      ] as const;
      for (const [name, bytes, reason] of cases) {
        const file = path.join(tmp, name);
        writeFileSync(file, bytes);
        const dataDir = path.join(tmp, `into-${name}`);
        const result = await runCli('restore', [file], { DATA_DIR: dataDir });
        expect(result.code, name).toBe(1);
        expect(result.stderr, name).toMatch(new RegExp(`^${file} cannot be restored: .*${reason.source}`));
        expect(existsSync(dataDir) ? readdirSync(dataDir) : [], name).toEqual([]);
      }
    }, LONG);

    it('both ways with DATABASE_URL set: PostgreSQL has pg_dump and pg_restore', async () => {
      const env = { DATA_DIR: sourceDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/fundscape' };
      const backup = await runCli('backup', [path.join(tmp, 'pg.backup')], env);
      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain('back it up with pg_dump');
      const restore = await runCli('restore', [backupFile], env);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain('restore it with pg_restore');
    }, LONG);
  });
});
