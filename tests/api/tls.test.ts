import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:http2';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { buildTestApp } from '../helpers/app.js';
import { localCertificate } from '../helpers/local-certificate.js';
import { testDatabases } from '../helpers/database.js';

let dir: string;
let keyFile: string;
let certFile: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fundscape-tls-'));
  ({ keyFile, certFile } = localCertificate(dir));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('TLS settings', () => {
  const env = (extra: Record<string, string>) => ({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(48), ...extra });

  it('reads the key and certificate, and makes links https', () => {
    const config = loadConfig(env({ TLS_KEY_FILE: keyFile, TLS_CERT_FILE: certFile, PORT: '8443' }));
    expect(config.tls?.cert.toString()).toContain('BEGIN CERTIFICATE');
    expect(config.tls?.key.toString()).toContain('PRIVATE KEY');
    expect(config.appUrl).toBe('https://127.0.0.1:8443');
  });

  it('serves plain HTTP without them', () => {
    const config = loadConfig(env({}));
    expect(config.tls).toBeUndefined();
    expect(config.appUrl).toBe('http://127.0.0.1:3000');
  });

  it('refuses one without the other, or a file it cannot read', () => {
    expect(() => loadConfig(env({ TLS_KEY_FILE: keyFile }))).toThrow('TLS_KEY_FILE and TLS_CERT_FILE must be set together');
    expect(() => loadConfig(env({ TLS_CERT_FILE: certFile }))).toThrow('TLS_KEY_FILE and TLS_CERT_FILE must be set together');
    expect(() => loadConfig(env({ TLS_KEY_FILE: path.join(dir, 'missing.pem'), TLS_CERT_FILE: certFile }))).toThrow(
      /^TLS_KEY_FILE cannot be read: ENOENT/,
    );
  });
});

describe('serving over TLS', () => {
  let origin: string;
  let close: () => Promise<void>;
  let ca: Buffer;

  beforeAll(async () => {
    ca = readFileSync(certFile);
    const built = await buildTestApp(testDatabases()[0], { config: { tls: { key: readFileSync(keyFile), cert: ca } } });
    origin = await built.app.listen({ port: 0, host: '127.0.0.1' });
    close = built.close;
  });
  afterAll(() => close());

  it('speaks HTTP/2 to clients that offer it', async () => {
    expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const session = connect(origin, { ca });
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': '/api/v1/nowhere' });
        let status = 0;
        let body = '';
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (body += chunk));
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
      });
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toEqual({ detail: 'Not found: GET /api/v1/nowhere' });
    } finally {
      session.close();
    }
  });

  it('still answers HTTP/1.1 clients', async () => {
    const answer = await new Promise<{ status: number; version: string }>((resolve, reject) => {
      get(`${origin}/api/v1/nowhere`, { ca }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion }));
      }).on('error', reject);
    });
    expect(answer).toEqual({ status: 404, version: '1.1' });
  });
});
