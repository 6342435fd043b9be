import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, loadDotEnv, parseTrustProxy } from '../../src/server/config.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
  });

  it('takes a hop count', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
  });

  it('takes addresses and CIDR ranges, IPv4 and IPv6, and proxy-addr’s names', () => {
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', 'proxy.example.com', '10.0.0.1/33', '10.0.0/8', '::1/129', '10.0.0.1/8/1', ',', '-1'])(
    'refuses %j with a message naming the variable',
    (raw) => {
      expect(() => parseTrustProxy(raw)).toThrow(/^TRUST_PROXY must be/);
    },
  );
});

describe('configuration from the environment', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('reads TRUST_PROXY and REDIS_URL, and refuses a REDIS_URL that is not redis://', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fundscape-config-'));
    dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's', TRUST_PROXY: '1', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config).toMatchObject({ trustProxy: 1, redisUrl: 'redis://127.0.0.1:6379' });
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's' })).toMatchObject({ trustProxy: false, redisUrl: undefined });
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's', REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });

  it('reads a .env file, the environment winning over it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fundscape-env-'));
    dirs.push(dir);
    const file = path.join(dir, '.env');
    writeFileSync(file, 'FUNDSCAPE_TEST_FROM_FILE=file\nFUNDSCAPE_TEST_BOTH=file\n');
    process.env.FUNDSCAPE_TEST_BOTH = 'environment';
    try {
      loadDotEnv(file);
      expect(process.env.FUNDSCAPE_TEST_FROM_FILE).toBe('file');
      expect(process.env.FUNDSCAPE_TEST_BOTH).toBe('environment');
      expect(() => loadDotEnv(path.join(dir, 'missing.env'))).not.toThrow();
    } finally {
      delete process.env.FUNDSCAPE_TEST_FROM_FILE;
      delete process.env.FUNDSCAPE_TEST_BOTH;
    }
  });
});
