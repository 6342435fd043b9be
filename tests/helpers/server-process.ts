// The API server as a child process, started as `npm run dev` starts it (src/server/cli/serve.ts, no
// client build): for what only a real process shows, such as its answer to SIGTERM, or load on a
// listening socket with the event loop to itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** The last 20,000 characters the process wrote. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has ended. */
  stop(graceMs?: number): Promise<number | null>;
}

export interface ServerProcessOptions {
  /** Environment on top of this process's: DATA_DIR or DATABASE_URL, JWT_SECRET … */
  env: Record<string, string>;
  /** How long the first answer may take (migrations, the first-start seed). */
  startTimeoutMs?: number;
}

/** Starts the server and resolves once GET /api/ready says it is ready. */
export async function startServerProcess({ env, startTimeoutMs = 120_000 }: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/serve.ts'], {
    cwd: root,
    // The capture listener on a free port: two suites' servers at once (and a developer's) would share 2525.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      CAPTURE_SMTP_PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async (graceMs = 10_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    return child.exitCode;
  };

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer within ${startTimeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, port, baseUrl, output: () => output, exited, stop };
}

/**
 * Ends a detached process group: SIGTERM, then SIGKILL if any of it is still there after 5 s; resolves once every
 * process of it is gone.
 */
export async function stopProcessGroup(group: number): Promise<void> {
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(-group, name);
      return true;
    } catch {
      return false; // none of the group is left
    }
  };
  const goneWithin = async (ms: number) => {
    for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      if (!signal(0)) return true;
    }
    return false;
  };
  signal('SIGTERM');
  if (await goneWithin(5000)) return;
  signal('SIGKILL');
  await goneWithin(5000);
}
