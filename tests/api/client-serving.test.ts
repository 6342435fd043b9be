import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../src/server/plugins/route-preloads.js';

const INDEX = '<!doctype html><html><head><title>Fundscape</title></head><body><div id="root"></div></body></html>';
const DECK_PAGE = '<!doctype html><html><head><title>Deck</title></head><body><div id="deck"></div></body></html>';
const SCRIPT = `export const grid = "${'rows '.repeat(400)}";`;
const ROUTES: RoutePreloads = [
  { path: '/', files: ['/assets/login-1.js'] },
  { path: '/investors', files: ['/assets/app-1.js', '/assets/investors-1.js', '/assets/grid-1.js'] },
  { path: '/investor/$id', files: ['/assets/app-1.js', '/assets/investor-1.js'] },
];

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('serving the built client', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'fundscape-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    mkdirSync(path.join(clientDir, 'src', 'viewer'), { recursive: true });
    writeFileSync(path.join(clientDir, 'src', 'viewer', 'deck.html'), DECK_PAGE);
    writeFileSync(path.join(clientDir, ROUTE_PRELOADS_FILE), JSON.stringify(ROUTES));
    writeFileSync(path.join(clientDir, 'assets', 'grid-1.js'), SCRIPT);
    writeFileSync(path.join(clientDir, 'assets', 'grid-1.js.br'), brotliCompressSync(SCRIPT));
    ({ app, close } = await buildTestApp(testDatabases()[0], { clientDir }));
  });
  afterAll(async () => {
    await close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("answers a page with index.html that preloads that route's chunks", async () => {
    const res = await app.inject({ method: 'GET', url: '/investors?stage=seed' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloadsOf(res.body)).toEqual(['/assets/app-1.js', '/assets/investors-1.js', '/assets/grid-1.js']);
    expect(res.body).toContain('<div id="root"></div>');

    expect(preloadsOf((await app.inject({ method: 'GET', url: '/investor/42' })).body)).toEqual([
      '/assets/app-1.js',
      '/assets/investor-1.js',
    ]);
    expect(preloadsOf((await app.inject({ method: 'GET', url: '/' })).body)).toEqual(['/assets/login-1.js']);
  });

  it('answers a path no route knows with index.html as built (the app shows its not-found page)', async () => {
    for (const url of ['/investor/42/more', '/nowhere', '/investorsx']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    }
  });

  it('revalidates a page with its ETag', async () => {
    const first = await app.inject({ method: 'GET', url: '/investors' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ method: 'GET', url: '/investors', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ method: 'GET', url: '/investor/1', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it('serves a new build without a restart', async () => {
    const newIndex = INDEX.replace('<title>Fundscape</title>', '<title>Fundscape 2</title>');
    writeFileSync(path.join(clientDir, 'index.html'), newIndex);
    utimesSync(path.join(clientDir, 'index.html'), new Date(), new Date(Date.now() + 5000));
    const res = await app.inject({ method: 'GET', url: '/investors' });
    expect(res.body).toContain('<title>Fundscape 2</title>');
    expect(preloadsOf(res.body)).toEqual(['/assets/app-1.js', '/assets/investors-1.js', '/assets/grid-1.js']);
  });

  it("sends the build's brotli copy of an asset to a browser that takes it, cached for a year", async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/grid-1.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const plain = await app.inject({ method: 'GET', url: '/assets/grid-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a missing asset or API path with a JSON 404, not the page', async () => {
    for (const url of ['/assets/gone-1.js', '/api/v1/nope']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toMatch(/^Not found: GET /);
    }
  });

  it("answers a deck link no one made, of any length, characters or encoding, with the viewer's page and 404: its page says so", async () => {
    // The last two do not decode (a cut or wrong percent-encoding): Fastify's router refuses them before any route.
    const tokens = ['unknown-token', 'x'.repeat(201), 'x'.repeat(5000), '%00%0d%0a', "a'b\"c<d>", '..%2f..%2fetc', 'a/b/c', '%E0%A4%A', 'ab%ZZ'];
    for (const token of tokens) {
      const res = await app.inject({ method: 'GET', url: `/d/${token}` });
      expect(res.statusCode, token).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store, private');
      expect(res.headers['content-security-policy'], token).toContain("frame-ancestors 'none'");
      expect(res.body).toBe(DECK_PAGE);
    }
  });
});
