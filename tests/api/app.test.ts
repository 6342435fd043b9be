import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testDatabases } from '../helpers/database.js';
import { buildTestApp } from '../helpers/app.js';
import { sql } from 'drizzle-orm';

describe.each(testDatabases())('app on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind));
  });
  afterAll(() => close());

  it('answers an unknown API path with a JSON 404 and a detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found: GET /api/v1/nope' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().info.title).toBe('Fundscape API');
  });

  it('sends helmet headers with a CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a malformed URL, API or page, with a 400 and a detail', async () => {
    for (const url of ['/api/v1/investors/%ED%A0%80', '/api/v1/lists/%E0%A4%A', '/investor/%C0%AF']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json()), url).toEqual(['detail']);
    }
  });

  it('says it is up (GET /api/health) and ready (GET /api/ready) without a token', async () => {
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready while a migration is missing, nor while shutting down', async () => {
    const [last] = (
      (await app.db.execute(sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`)) as unknown as {
        rows: Array<{ id: number; hash: string; created_at: string }>;
      }
    ).rows;
    await app.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last.id}`);
    try {
      const missing = await app.inject({ url: '/api/ready' });
      expect(missing.statusCode).toBe(503);
      expect(missing.json().detail).toMatch(/migrations/);
    } finally {
      await app.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);

    app.draining = true;
    try {
      const stopping = await app.inject({ url: '/api/ready' });
      expect(stopping.statusCode).toBe(503);
      expect(stopping.headers.connection).toBe('close');
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      app.draining = false;
    }
  });
});
