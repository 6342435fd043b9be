import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testDatabases } from '../helpers/database.js';
import { buildTestApp } from '../helpers/app.js';

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
});
