// A real HTTP server on a loopback port that stands in for the network in jsdom component tests:
// each test says how it answers and reads back what it was sent. Relative calls ('/api/v1/…') from
// the app's fetch are pointed at it by routeFetchTo().
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Holds the answer back, to let concurrent calls pile up. */
  delayMs?: number;
}

export type Handler = (request: RecordedRequest) => Answer | Promise<Answer>;

export async function startStandInServer(handler: Handler) {
  const requests: RecordedRequest[] = [];
  let current = handler;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      requests.push(recorded);
      const answer = await current(recorded);
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      const payload = answer.body === undefined ? '' : JSON.stringify(answer.body);
      res.writeHead(answer.status, {
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...answer.headers,
      });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    /** Changes how the server answers from now on. */
    answerWith(next: Handler) {
      current = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Sends the app's relative fetch calls to `origin` (jsdom has no page origin to resolve them against). */
export function routeFetchTo(origin: string) {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(typeof input === 'string' ? new URL(input, origin) : input, init),
  );
}

export function json(status: number, body?: unknown): Answer {
  return { status, body };
}
