// The component suites' side of the real server (component-server-setup.ts starts it): the app's
// relative fetch calls go to it through a network that records what was sent and can hold answers
// back, and accounts are made the way a founder makes one — sign up, the mailed link, the mailed code.
import { afterAll, beforeAll, beforeEach, inject, onTestFinished, vi } from 'vitest';

export const origin = inject('componentApiOrigin');
const mailboxUrl = inject('componentMailboxUrl');

export interface SentRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  authorization: string | null;
  body: unknown;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

const realFetch = globalThis.fetch;

/**
 * For a suite: the app's relative calls go to the real server (jsdom has no page origin to resolve them
 * against) through a network that records each request and may hold answers back, as a slow
 * connection would. What was sent is forgotten before each test.
 */
export function useServerNetwork() {
  const sent: SentRequest[] = [];
  let hold: ((request: SentRequest) => Promise<void> | undefined) | undefined;
  const network = {
    sent,
    urls: () => sent.map((request) => request.url),
    /** Puts the network in place of fetch (again, after a test replaced it). */
    install() {
      vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === 'string' ? new URL(input, origin) : input instanceof URL ? input : new URL(input.url);
        const request = {
          method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
          url: `${url.pathname}${url.search}`,
          authorization: new Headers(init?.headers).get('authorization'),
          body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        };
        sent.push(request);
        const response = await realFetch(url, init);
        await hold?.(request);
        return response;
      });
    },
    /** Holds back the answers to the requests `which` picks until the returned release() (at the latest, the test's end). */
    holdAnswers(which: (request: SentRequest) => boolean = () => true) {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      hold = (request) => (which(request) ? gate : undefined);
      onTestFinished(() => release());
      return release;
    },
    /** Delays the answers to the requests `which` picks by `ms`. */
    delayAnswers(which: (request: SentRequest) => boolean, ms: number) {
      hold = (request) => (which(request) ? new Promise((resolve) => setTimeout(resolve, ms)) : undefined);
    },
    /** Forgets what was sent and stops holding answers. */
    reset() {
      sent.length = 0;
      hold = undefined;
    },
  };
  beforeAll(() => network.install());
  beforeEach(() => network.reset());
  afterAll(() => {
    vi.unstubAllGlobals();
  });
  return network;
}

/** A call straight to the server, outside the app and its recorded network. */
export async function call<T>(method: string, path: string, { body, token }: { body?: unknown; token?: string } = {}) {
  const response = await realFetch(new URL(`/api/v1${path}`, origin), {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

let counter = 0;

export function uniqueEmail(tag = 'founder'): string {
  counter += 1;
  return `${tag}${counter}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Waits for a mail to `to` whose text matches `pattern`, and answers the pattern's first group. */
export async function mailedValue(to: string, pattern: RegExp, { skip = 0 } = {}): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await (await realFetch(mailboxUrl)).json()) as Array<{ to: string[]; text: string }>;
    const matches = mails.filter((mail) => mail.to.includes(to.toLowerCase())).flatMap((mail) => pattern.exec(mail.text)?.[1] ?? []);
    if (matches.length > skip) return matches[skip];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const verifyLinkToken = (email: string) => mailedValue(email, /\/verify-email\/([A-Za-z0-9_-]+)/);
export const resetLinkToken = (email: string) => mailedValue(email, /\/reset-password\/([A-Za-z0-9_-]+)/);

/** Signs up; answers the address and the password once the verification mail has arrived. */
export async function signUp(names = { first_name: 'Ada', last_name: 'Lovelace' }, password = 'Secret!234') {
  const email = uniqueEmail();
  const answer = await call('POST', '/auth/register', { body: { email, password, ...names } });
  if (answer.status !== 302) throw new Error(`sign-up answered ${answer.status}`);
  return { email, password, verificationToken: await verifyLinkToken(email) };
}

export interface Account {
  id: number;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  tokens: Tokens;
}

/** A verified account with a session: signed up, and the mailed link followed. */
export async function createAccount(names = { first_name: 'Ada', last_name: 'Lovelace' }): Promise<Account> {
  const { email, password, verificationToken } = await signUp(names);
  const verified = await call<Tokens>('POST', '/auth/verify-email', { body: { verification_id: verificationToken } });
  if (verified.status !== 200) throw new Error(`verify-email answered ${verified.status}`);
  const me = await call<{ id: number }>('GET', '/auth/me', { token: verified.body.access_token });
  return { id: me.body.id, email, password, ...names, tokens: verified.body };
}

/** Logs the app in as `account`, as the browser keeps a session: both tokens in localStorage. */
export function storeSession(tokens: Tokens) {
  localStorage.setItem('fundscape.access_token', tokens.access_token);
  localStorage.setItem('fundscape.refresh_token', tokens.refresh_token);
}
