// The E2E harness: the real app started through `npm start`'s code path (it builds the client when
// needed), a real SMTP sink for its mails, and Debian's Chromium driven by playwright-core.
//
//   describeE2E('sign-up', () => {
//     const e2e = useE2EApp();                     // the worker's server + browser, a client of its own per file
//     it('…', async () => {
//       const page = await e2e.app().loggedInPage('/investors');
//       …
//     });
//   });
//
// Without Chromium the suites are skipped with a console line, unless REQUIRE_E2E=1 (CI), which fails them.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, request, type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { SESSION_STORAGE_KEYS } from '../../src/lib/session.js';
import type { Tokens } from '../../src/shared/api-types.js';
import { startSmtpSink, type ReceivedMail } from './smtp-sink.js';
import { freePort, stopProcessGroup } from './server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The full browser: what Lighthouse audits (tests/bench/audit.ts) and icons are drawn in. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
/**
 * What the browser suites drive: Debian's chromium-headless-shell when installed (the same Chromium without the
 * browser's UI layers; on this two-core machine it spends about a quarter less CPU than `chromium --headless=new`
 * for the same suites, and the suites are CPU-bound), else the full browser. CHROME_PATH chooses for both.
 */
export const SUITE_CHROME_PATH =
  process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROME_PATH);
const CHROME_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Building the client and seeding 5,000 investors + 1,500 funds on a fresh DATA_DIR takes a while. */
const START_TIMEOUT_MS = 170_000;
export const DEFAULT_PASSWORD = 'Secret!234';

export const e2eAvailable = existsSync(SUITE_CHROME_PATH);
const e2eRequired = process.env.REQUIRE_E2E === '1';

/** describe() for browser suites: skipped with a clear line without Chromium, failing if REQUIRE_E2E=1. */
export function describeE2E(name: string, body: () => void) {
  if (e2eAvailable) return describe(name, body);
  if (e2eRequired) {
    return describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(`REQUIRE_E2E=1 but no Chromium at ${SUITE_CHROME_PATH} (install Debian's chromium or set CHROME_PATH)`);
      });
    });
  }
  console.warn(`[e2e] skipped "${name}": no Chromium at ${SUITE_CHROME_PATH} (set CHROME_PATH, or REQUIRE_E2E=1 to fail instead)`);
  return describe.skip(name, body);
}

async function waitUntilServing(http: APIRequestContext, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} while starting:\n${output()}`);
    try {
      const res = await http.get('/login');
      if (res.ok()) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the app did not answer within ${START_TIMEOUT_MS} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface TestUser {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

let userCounter = 0;

export function uniqueEmail(tag = 'founder'): string {
  userCounter += 1;
  return `${tag}${userCounter}.${Date.now()}@example.test`;
}

export type E2EApp = Awaited<ReturnType<typeof startE2EApp>>;

export interface StartOptions {
  /** A seeded DATA_DIR to start from a copy of (tests/helpers/e2e-global-setup.ts); else the app seeds its own. */
  seededDataDir?: string;
  /** PEM files to serve HTTPS (and HTTP/2) with, as TLS_KEY_FILE and TLS_CERT_FILE would in production. */
  tls?: { keyFile: string; certFile: string };
  /** A file to record the server's process group and DATA_DIR in, for a teardown that outlives this process. */
  registryFile?: string;
}

/** What a test file's pages and calls start from on the worker's shared app (`useE2EApp`). */
export interface FileClient {
  /**
   * Whether new browser contexts let the app install its service worker (a context's own `serviceWorkers` option
   * decides for it): 'block' unless the file asks. The worker precaches every chunk of the app in each new context,
   * which was two fifths of the browser's CPU in a suite that never goes offline; a first visit has no worker in
   * control either. Suites and tests about offline use, the home screen and updates ask for 'allow'.
   */
  serviceWorkers: 'allow' | 'block';
  /**
   * The address the file's calls and pages come from, sent as X-Forwarded-For to a server that trusts the loopback
   * proxy: each file is a client of its own, so the per-address limits (20 sign-ups an hour) count per file, as
   * when each file had a server of its own.
   */
  address: string;
}

/**
 * The morning mail, whatever its sections (follow-ups due, the round's week, saved searches' matches): it is sent on
 * its own clock, so it is never the mail an action waits for. Its subject lists the sections: "Fundscape: 1 follow-up
 * due, your round this week" once read as a login code's mail.
 */
const isMorningMail = (mail: ReceivedMail) =>
  /^Subject: .*(follow-ups? due|your round this week|new match(?:es)? for your saved searches)/im.test(mail.raw);

/** Starts the app (fresh DATA_DIR, mails to a sink) and Chromium. stop() ends both and removes the data. */
export async function startE2EApp({ seededDataDir, tls, registryFile }: StartOptions = {}) {
  const sink = await startSmtpSink();
  const port = await freePort();
  // The capture listener on a port of its own: the default 2525 may be another server's (a developer's npm start).
  const capturePort = await freePort();
  const baseUrl = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundscape-e2e-'));
  if (seededDataDir) cpSync(seededDataDir, dataDir, { recursive: true });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (process.env.E2E_VERBOSE) process.stdout.write(chunk);
  };
  /** The environment the server runs with, and a CLI beside it on the same database (npm run import). */
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    // Built and served as in production: vitest's NODE_ENV=test would give React's development build.
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: sink.url,
    APP_URL: baseUrl,
    TLS_KEY_FILE: tls?.keyFile ?? '',
    TLS_CERT_FILE: tls?.certFile ?? '',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    CAPTURE_SMTP_PORT: String(capturePort),
    TRUST_PROXY: 'loopback',
  };
  const launch = () => {
    // `npm start`'s code path, in one process (npx and tsx's CLI would each start a node of their own first).
    const started = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/start.ts'], {
      cwd: root,
      env: serverEnv,
      // Its own process group, so stopping it ends the server and anything it started.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    if (registryFile) writeFileSync(registryFile, JSON.stringify({ group: started.pid, dataDir }));
    return started;
  };
  let child = launch();

  /** Ends the server's process group (whatever it started holds DATA_DIR until it ends). */
  const stopServer = async () => {
    if (child.exitCode === null && child.pid) await stopProcessGroup(child.pid);
  };

  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let client: FileClient = { serviceWorkers: 'block', address: '127.0.0.1' };
  const clientHeaders = () => ({ 'x-forwarded-for': client.address });
  // Node's own calls to the app (sign-up, log-in); with TLS it accepts the local certificate as the browser does.
  const http = await request.newContext({ baseURL: baseUrl, ignoreHTTPSErrors: Boolean(tls) });

  const stop = async () => {
    await Promise.allSettled(contexts.map((context) => context.close()));
    await browser?.close().catch(() => {});
    await http.dispose();
    await stopServer();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  // The browser starts while the server does.
  const launching = chromium.launch({ executablePath: SUITE_CHROME_PATH, args: CHROME_ARGS });
  try {
    const [launched] = await Promise.all([launching, waitUntilServing(http, child, () => output)]);
    browser = launched;
  } catch (error) {
    browser = await launching.catch(() => undefined);
    await stop();
    throw error;
  }
  const openBrowser = browser;

  async function callApi(method: string, url: string, body?: unknown, accessToken?: string) {
    const res = await http.fetch(`/api/v1${url}`, {
      method,
      headers: {
        ...clientHeaders(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      data: body === undefined ? undefined : JSON.stringify(body),
      maxRedirects: 0,
    });
    const text = await res.text();
    return { status: res.status(), body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  /** Posts a file's bytes as they are (a deck's PDF), with its content type. */
  async function uploadApi(url: string, bytes: Buffer, contentType: string, accessToken: string) {
    const res = await http.fetch(`/api/v1${url}`, {
      method: 'POST',
      headers: { ...clientHeaders(), 'content-type': contentType, authorization: `Bearer ${accessToken}` },
      data: bytes,
      maxRedirects: 0,
    });
    const text = await res.text();
    return { status: res.status(), body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  /**
   * Runs `action` and answers the first mail to `to` that arrives after it. The follow-up digest is
   * passed over: past FOLLOW_UP_DIGEST_HOUR it can reach a founder with something due at any minute.
   */
  async function mailAfter(to: string, action: () => Promise<unknown>): Promise<ReceivedMail> {
    const before = new Set(sink.mails);
    await action();
    return sink.waitFor(to, (mail) => !before.has(mail) && !isMorningMail(mail));
  }

  function linkIn(mail: ReceivedMail, kind: 'verify-email' | 'reset-password'): string {
    const escaped = baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`${escaped}/${kind}/[A-Za-z0-9_-]+`).exec(mail.text);
    if (!match) throw new Error(`no ${kind} link in the mail to ${mail.to.join(', ')}:\n${mail.text}`);
    return match[0];
  }

  function codeIn(mail: ReceivedMail): string {
    const match = /login code is (\d{6})\b/.exec(mail.text);
    if (!match) throw new Error(`no 6-digit code in the mail to ${mail.to.join(', ')}:\n${mail.text}`);
    return match[1];
  }

  const app = {
    baseUrl,
    sink,
    browser: openBrowser,
    mailAfter,
    linkIn,
    codeIn,

    /** A fresh browser context (no storage) at 1280×800 unless told otherwise; closed by stop(). */
    async newContext(options: Parameters<Browser['newContext']>[0] = {}) {
      const context = await openBrowser.newContext({
        baseURL: baseUrl,
        viewport: { width: 1280, height: 800 },
        ignoreHTTPSErrors: Boolean(tls),
        serviceWorkers: client.serviceWorkers,
        ...options,
        extraHTTPHeaders: { ...clientHeaders(), ...options.extraHTTPHeaders },
      });
      contexts.push(context);
      return context;
    },

    async newPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
      return (await app.newContext(options)).newPage();
    },

    /** Signs up through the API and follows the mailed link: a verified account that can log in. */
    async createUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
      return (await app.signUp(overrides)).user;
    },

    /**
     * A new verified account and the session its verification started (what the app does after the mailed
     * link): a logged-in user without a second password check and login code, for suites not about logging in.
     */
    async signUp(overrides: Partial<TestUser> = {}): Promise<{ user: TestUser; tokens: Tokens }> {
      const user: TestUser = {
        email: overrides.email ?? uniqueEmail(),
        password: overrides.password ?? DEFAULT_PASSWORD,
        first_name: overrides.first_name ?? 'Ada',
        last_name: overrides.last_name ?? 'Lovelace',
      };
      let status = 0;
      const mail = await mailAfter(user.email, async () => {
        ({ status } = await callApi('POST', '/auth/register', user));
      });
      if (status !== 302) throw new Error(`register answered ${status}`);
      const token = linkIn(mail, 'verify-email').split('/').pop();
      const verified = await callApi('POST', '/auth/verify-email', { verification_id: token });
      if (verified.status !== 200) throw new Error(`verify-email answered ${verified.status}: ${JSON.stringify(verified.body)}`);
      return { user, tokens: verified.body as unknown as Tokens };
    },

    /** Logs in through the API with the code from the mail: the tokens a browser would store. */
    async loginTokens(user: Pick<TestUser, 'email' | 'password'>): Promise<Tokens> {
      let userId: unknown;
      const mail = await mailAfter(user.email, async () => {
        const login = await callApi('POST', '/auth/login', { email: user.email, password: user.password });
        if (login.status !== 302) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
        userId = login.body.user_id;
      });
      const verified = await callApi('POST', '/auth/verify-otp', { user_id: userId, code: codeIn(mail) });
      if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}: ${JSON.stringify(verified.body)}`);
      return verified.body as unknown as Tokens;
    },

    /**
     * A page already logged in (a new user unless one is given, in a session of its own unless its `tokens`
     * are given too), opened at `path` and waited for until the app shell shows. Options go to the browser
     * context (viewport, offline …).
     */
    async loggedInPage(
      pathname = '/investors',
      options: { user?: TestUser; tokens?: Tokens; context?: Parameters<Browser['newContext']>[0] } = {},
    ) {
      const { user, tokens } = options.user
        ? { user: options.user, tokens: options.tokens ?? (await app.loginTokens(options.user)) }
        : await app.signUp();
      const context = await app.newContext({ ...options.context, storageState: sessionState(baseUrl, tokens) });
      const page = await context.newPage();
      await page.goto(pathname);
      // The app shell is shown (the sidebar on wide screens, the app bar on phones).
      await page.locator('main').waitFor();
      return { page, context, user, tokens };
    },

    callApi,
    uploadApi,

    /**
     * Stops the server, runs `action` with its environment (a CLI on the same PGlite DATA_DIR, which one
     * process opens at a time), and starts it again on the same address; pages stay open meanwhile.
     */
    async whileServerStopped(action: (env: NodeJS.ProcessEnv) => Promise<void>) {
      await stopServer();
      await action(serverEnv);
      child = launch();
      await waitUntilServing(http, child, () => output);
    },

    /** The headers that make a call come from the current file's client (FileClient.address). */
    clientHeaders,

    /** A test file begins on this app: its pages and calls are `next`'s; a server that has ended starts again. */
    async beginFile(next: FileClient) {
      client = next;
      if (child.exitCode !== null) {
        child = launch();
        await waitUntilServing(http, child, () => output);
      }
    },

    /** A test file ends: its browser contexts are closed; the server and browser stay for the next file. */
    async endFile() {
      await Promise.allSettled(contexts.map((context) => context.close()));
      contexts = [];
    },

    stop,
  };
  return app;
}

/** A browser context's storage with a session in place: the tokens where the app keeps them. */
export function sessionState(origin: string, tokens: Tokens) {
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: SESSION_STORAGE_KEYS.access, value: tokens.access_token },
          { name: SESSION_STORAGE_KEYS.refresh, value: tokens.refresh_token },
        ],
      },
    ],
  };
}

/** How long a suite waits for the client's build and the seeded catalogue, begun when the run began. */
const PREPARED_TIMEOUT_MS = 600_000;

/** Waits until e2e-global-setup.ts's build and seed are done; throws what went wrong if they failed. */
async function waitForE2EPrepared() {
  const preparedFile = inject('e2ePreparedFile');
  while (!existsSync(preparedFile)) await new Promise((resolve) => setTimeout(resolve, 200));
  const problem = readFileSync(preparedFile, 'utf8');
  if (problem) throw new Error(problem);
}

/**
 * The worker's app. The browser suites run one file after another in one worker (`isolate: false`), and starting a
 * server and a browser for each file was a tenth of their time; the global setup's teardown stops this one.
 */
let workerApp: Promise<E2EApp> | undefined;
let filesBegun = 0;

/**
 * The worker's app for a test file, as a client of its own (FileClient): started with the first file, its browser
 * contexts closed after each. Call inside describeE2E.
 */
export function useE2EApp({ serviceWorkers = 'block' }: Partial<Pick<FileClient, 'serviceWorkers'>> = {}) {
  let current: E2EApp | undefined;
  beforeAll(waitForE2EPrepared, PREPARED_TIMEOUT_MS);
  beforeAll(async () => {
    workerApp ??= startE2EApp({ seededDataDir: inject('e2eSeededDataDir'), registryFile: path.join(inject('e2eAppRegistry'), `${process.pid}.json`) });
    // A start that failed is tried again by the next file rather than failing every file after it.
    current = await workerApp.catch((error: unknown) => {
      workerApp = undefined;
      throw error;
    });
    filesBegun += 1;
    await current.beginFile({ serviceWorkers, address: `10.0.${Math.floor(filesBegun / 250)}.${(filesBegun % 250) + 1}` });
  });
  afterAll(async () => {
    await current?.endFile();
  });
  return {
    app(): E2EApp {
      if (!current) throw new Error('the e2e app is not started (use useE2EApp inside describeE2E)');
      return current;
    },
  };
}
