import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL switches from the embedded PGlite database to PostgreSQL. */
  databaseUrl: string | undefined;
  /** smtp://user:pass@host:port; unset prints every mail to the console. */
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  jwtSecret: string;
  /** With a certificate the server speaks HTTPS, HTTP/2 to browsers and HTTP/1.1 to the rest. */
  tls: TlsFiles | undefined;
  /**
   * Which proxies' X-Forwarded-For is believed: none (false), the nearest N hops, or these addresses and
   * CIDR ranges. Unbelieved, the header is ignored and the client is the address that connected.
   */
  trustProxy: TrustProxy;
  /** redis://…: rate-limit counters kept in Redis; unset, in the database. */
  redisUrl: string | undefined;
  /** The hour (0–23, server local time) from which each day's follow-up digest is mailed. */
  followUpDigestHour: number;
  /** The port the capture listener takes mail on by SMTP (STARTTLS with `tls`); 0: it does not listen. */
  captureSmtpPort: number;
  /** The domain of the capture addresses, `log+TOKEN@captureDomain`: the host of APP_URL unless set. */
  captureDomain: string;
}

export type TrustProxy = false | number | string[];

export interface TlsFiles {
  key: Buffer;
  cert: Buffer;
}

function parsePort(raw: string | undefined, name = 'PORT', fallback = 3000): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a whole number from 0 to 65535, not "${raw}"`);
  }
  return port;
}

/** CAPTURE_DOMAIN: a host name as an address's domain takes it, lower-cased; unset, the host of APP_URL. */
function parseCaptureDomain(raw: string | undefined, appUrl: string): string {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return new URL(appUrl).hostname.replace(/^\[|\]$/g, '');
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(value)) {
    throw new Error(`CAPTURE_DOMAIN must be a domain name such as mail.example.com, not "${raw}"`);
  }
  return value;
}

function parseDigestHour(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 8;
  const hour = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || hour > 23) {
    throw new Error(`FOLLOW_UP_DIGEST_HOUR must be a whole hour from 0 to 23 (server local time), not "${raw}"`);
  }
  return hour;
}

/** The file in DATA_DIR that keeps the generated JWT secret. */
export const JWT_SECRET_FILE = 'jwt-secret';

/** The JWT secret comes from JWT_SECRET, or is generated once and kept in DATA_DIR. */
function loadJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, JWT_SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** TLS_KEY_FILE and TLS_CERT_FILE (PEM) go together: one without the other is a mistake worth stopping for. */
function loadTls(keyFile: string | undefined, certFile: string | undefined): TlsFiles | undefined {
  if (!keyFile && !certFile) return undefined;
  if (!keyFile || !certFile) throw new Error('TLS_KEY_FILE and TLS_CERT_FILE must be set together');
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`${name} cannot be read: ${(error as Error).message}`, { cause: error });
    }
  };
  return { key: read('TLS_KEY_FILE', keyFile), cert: read('TLS_CERT_FILE', certFile) };
}

/** Names proxy-addr understands beside addresses and CIDR ranges. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/** TRUST_PROXY: unset or empty trusts no proxy; a whole number trusts that many hops; else a list. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0 || entries.length === 0) {
    throw new Error(
      `TRUST_PROXY must be a hop count or a comma-separated list of addresses and CIDR ranges (or loopback, linklocal, uniquelocal), not "${raw}"`,
    );
  }
  return entries;
}

/** A `.env` file in the working directory, read at start; what the environment already sets wins. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** DATA_DIR, absolute; unlike loadConfig, nothing is created in it. */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR || './data');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort(env.PORT);
  const host = env.HOST || '127.0.0.1';
  const dataDir = resolveDataDir(env);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL');
  }
  const tls = loadTls(env.TLS_KEY_FILE || undefined, env.TLS_CERT_FILE || undefined);
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new Error('REDIS_URL must be a redis:// or rediss:// URL');
  const linkHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const appUrl = (env.APP_URL || `${tls ? 'https' : 'http'}://${linkHost}:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Fundscape <no-reply@fundscape.local>',
    appUrl,
    jwtSecret: loadJwtSecret(dataDir, env.JWT_SECRET),
    tls,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl,
    followUpDigestHour: parseDigestHour(env.FOLLOW_UP_DIGEST_HOUR),
    captureSmtpPort: parsePort(env.CAPTURE_SMTP_PORT, 'CAPTURE_SMTP_PORT', 2525),
    captureDomain: parseCaptureDomain(env.CAPTURE_DOMAIN, appUrl),
  };
}
