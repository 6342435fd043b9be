// Hostile input, generated from the app's own OpenAPI document (/api/docs/json): for every operation,
// every parameter (path, query, header) and every body field gets wrong types, huge and negative
// numbers, Infinity, NUL and lone-surrogate text, SQL and template metacharacters, prototype keys; every
// body is sent deeply nested, malformed, over the limit and in the wrong content type. Whatever comes
// back is never a 5xx, every 4xx is JSON with a `detail` (no stack trace), and afterwards the app answers
// normally. A new route is covered by being in the document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { connect, type AddressInfo } from 'node:net';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { signAccessToken } from '../../src/server/modules/auth/access-token.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { createVerifiedUser } from '../helpers/users.js';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  secured: boolean;
  /** Answers a Server-Sent Events stream, which never ends by itself. */
  streams: boolean;
}

/**
 * One hostile value: as JSON (a value, or `raw` text for what JSON.stringify cannot write, such as
 * 1e400, which parses to Infinity) and as it travels in a URL or a header.
 */
interface Hostile {
  label: string;
  json?: unknown;
  raw?: string;
  url?: string;
  header?: string;
}

const long = (n: number) => 'x'.repeat(n);
const text = (value: string): Hostile => ({ label: JSON.stringify(value.slice(0, 30)), json: value, url: encodeURIComponent(value), header: value });

const HOSTILE: Hostile[] = [
  // Wrong types.
  { label: 'true', json: true, url: 'true', header: 'true' },
  { label: 'null', json: null, url: 'null', header: 'null' },
  { label: '{}', json: {}, url: '%7B%7D', header: '{}' },
  { label: '[]', json: [] },
  { label: '[[1]]', json: [[1]] },
  { label: '{"a":{"b":[1]}}', json: { a: { b: [1] } } },
  { label: '"abc"', json: 'abc', url: 'abc', header: 'abc' },
  { label: '123', json: 123, url: '123', header: '123' },
  { label: '1.5', json: 1.5, url: '1.5', header: '1.5' },
  // Huge and negative numbers.
  { label: '0', json: 0, url: '0', header: '0' },
  { label: '-1', json: -1, url: '-1', header: '-1' },
  { label: '2^31', json: 2147483648, url: '2147483648', header: '2147483648' },
  { label: '-2^31-1', json: -2147483649, url: '-2147483649' },
  { label: '2^53+1', raw: '9007199254740993', url: '9007199254740993' },
  { label: '1e308', json: 1e308, url: '1e308' },
  { label: '-1e308', json: -1e308, url: '-1e308' },
  { label: '1e400 (Infinity)', raw: '1e400', url: '1e400', header: '1e400' },
  { label: '-1e400', raw: '-1e400', url: '-1e400' },
  { label: 'Infinity', json: 'Infinity', url: 'Infinity', header: 'Infinity' },
  { label: '-Infinity', json: '-Infinity', url: '-Infinity' },
  { label: 'NaN', json: 'NaN', url: 'NaN', header: 'NaN' },
  { label: '0x10', json: '0x10', url: '0x10' },
  { label: 'empty', json: '', url: '', header: '' },
  // Text PostgreSQL cannot store, or that is not Unicode.
  { label: 'NUL', json: 'a\u0000b', url: 'a%00b', header: 'a\u0000b' },
  { label: 'lone high surrogate', json: 'a\ud800b', url: '%ED%A0%80' },
  { label: 'lone low surrogate', json: '\udfff', url: '%ED%BF%BF' },
  { label: 'malformed percent-encoding', url: '%E0%A4%A' },
  { label: 'bare percent', url: '%' },
  text('😀 ﷽ \u202e'),
  // SQL and template metacharacters.
  text("' OR '1'='1' --"),
  text('"; DROP TABLE users; --'),
  text("1; SELECT pg_sleep(10)--"),
  text('%_\\'),
  text('${7*7}'),
  text('{{7*7}}'),
  text('#{7*7}<%= 7*7 %>'),
  text('<script>alert(1)</script>'),
  text('../../../etc/passwd'),
  // Prototype keys as values.
  text('__proto__'),
  text('constructor'),
  // Long.
  { label: '100,000 characters', json: long(100_000) },
  { label: '6,000 characters', url: long(6000), header: long(6000) },
];

const PROTOTYPE_BODIES = [
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":{"__proto__":{"x":1}}}',
];

const MALFORMED_BODIES: Array<{ label: string; body: string | Buffer; type?: string }> = [
  { label: 'truncated JSON', body: '{"a":' },
  { label: 'unquoted keys', body: '{a:1}' },
  { label: 'single quotes', body: "{'a':'b'}" },
  { label: 'trailing comma', body: '{"a":1,}' },
  { label: 'empty body', body: '' },
  { label: 'null', body: 'null' },
  { label: 'array', body: '[]' },
  { label: 'a string', body: '"x"' },
  { label: 'Infinity', body: '1e400' },
  { label: 'deeply nested arrays', body: '['.repeat(100_000) + ']'.repeat(100_000) },
  { label: 'deeply nested objects', body: '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000) },
  { label: 'over the body limit', body: `{"name":"${long(300 * 1024)}"}` },
  { label: 'duplicate keys', body: '{"name":"a","name":"b\\u0000"}' },
  { label: 'invalid UTF-8', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { label: 'text/plain', body: 'hello', type: 'text/plain' },
  { label: 'form-encoded', body: 'name=a&name=b', type: 'application/x-www-form-urlencoded' },
  { label: 'JSON declared as UTF-16', body: '{}', type: 'application/json; charset=utf-16' },
  { label: 'XML', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>', type: 'application/xml' },
];

/** Reads the document's operations. */
function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      const answers = op.responses as Record<string, { content?: Record<string, unknown> }> | undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema,
        secured: Array.isArray(op.security) && op.security.length > 0,
        streams: answers?.['200']?.content?.['text/event-stream'] !== undefined,
      });
    }
  }
  return operations;
}

/** Alternative spellings of a field, left out of the valid baseline (sending both is its own error). */
const ALIASES = new Set(['investors_ids', 'funds_ids', 'list_id']);

/** A valid-looking value for a schema, so the hostile field is the one thing wrong with a request. */
function sample(name: string, schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(name, schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [sample(name, schema.items ?? {})];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => !ALIASES.has(key))
          .map(([key, value]) => [key, sample(key, value)]),
      );
    default:
      if (name.includes('email')) return 'hostile@example.test';
      if (name.includes('password')) return 'Secret!234';
      if (name === 'list_type') return 'investor';
      if (name === 'code') return '123456';
      return 'Fundscape';
  }
}

/** JSON text for a body whose `field` (and, for a list, its first item) holds the hostile value. */
function bodyWith(schema: JsonSchema, field: string, value: Hostile, intoItem: boolean): string | null {
  if (value.json === undefined && value.raw === undefined) return null;
  const base = sample('', schema) as Record<string, unknown>;
  const marker = '"@@hostile@@"';
  base[field] = intoItem ? ['@@hostile@@'] : '@@hostile@@';
  const inner = value.raw ?? JSON.stringify(value.json);
  return JSON.stringify(base).replace(marker, () => inner);
}

describe.each(testDatabases())('hostile input on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let auth: Record<string, string>;
  let operations: Operation[];
  const listIds: Record<'investor' | 'fund', number> = { investor: 0, fund: 0 };
  const problems: string[] = [];
  let sent = 0;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false }));
    await seedCatalogue(app.db, { investors: 20, funds: 5 });
    auth = (await createVerifiedUser(app)).headers;
    for (const type of ['investor', 'fund'] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/lists', headers: auth, payload: { name: type, list_type: type } });
      listIds[type] = res.json().id;
    }
    operations = operationsOf((await app.inject({ url: '/api/docs/json' })).json());
  });
  afterAll(() => close());

  function pathFor(op: Operation, overrides: Record<string, string> = {}): string {
    return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (name in overrides) return overrides[name];
      if (name === 'id' && op.path.startsWith('/api/v1/lists')) return String(op.path.includes('/funds/') ? listIds.fund : listIds.investor);
      return '1';
    });
  }

  /**
   * The answer to one request. An event stream's is taken as it starts (its body read only if it is an error,
   * which ends); the stream is then let go, and the server ends it when the app closes.
   */
  async function answer(options: InjectOptions, streams: boolean): Promise<Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>> {
    if (!streams) return app.inject(options);
    const res = await app.inject({ ...options, payloadAsStream: true });
    const stream = res.stream();
    if (res.statusCode < 400) {
      stream.destroy();
      return { statusCode: res.statusCode, headers: res.headers, body: '' };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { statusCode: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
  }

  /** Sends one request and notes what is wrong with its answer. */
  async function send(what: string, options: InjectOptions, streams: boolean): Promise<Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>> {
    sent++;
    const res = await answer(options, streams);
    const where = `${options.method} ${String(options.url).slice(0, 120)} — ${what}`;
    if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (res.statusCode >= 400) {
      let detail: unknown;
      try {
        detail = (JSON.parse(res.body) as { detail?: unknown }).detail;
      } catch {
        detail = undefined;
      }
      if (!String(res.headers['content-type']).startsWith('application/json') || typeof detail !== 'string' || detail === '') {
        problems.push(`${where}: ${res.statusCode} without a JSON detail: ${res.body.slice(0, 200)}`);
      } else if (/\n\s+at |node_modules|\.ts:\d+/.test(detail)) {
        problems.push(`${where}: a stack trace in the detail: ${detail.slice(0, 200)}`);
      }
    }
    return res;
  }

  function request(op: Operation, parts: { path?: Record<string, string>; query?: string; headers?: Record<string, string>; body?: string | Buffer; type?: string }): InjectOptions {
    const headers: Record<string, string> = { ...(op.secured ? auth : {}), ...parts.headers };
    let body: string | Buffer | undefined = parts.body;
    if (body === undefined && op.body) body = JSON.stringify(sample('', op.body));
    if (body !== undefined) headers['content-type'] = parts.type ?? 'application/json';
    return {
      method: op.method as InjectOptions['method'],
      url: pathFor(op, parts.path) + (parts.query ? `?${parts.query}` : ''),
      headers,
      payload: body,
    };
  }

  // About 10,000 requests a database (argon2 hashing among them), growing with every operation the API gains: two
  // minutes on a slow two-core machine, five when it is shared, not the default 30 s.
  it('never answers 5xx, and every 4xx is JSON with a detail, whatever is sent to any operation', { timeout: 600_000 }, async () => {
    expect(operations.length).toBeGreaterThan(40);
    const attack = async (op: Operation) => {
      for (const parameter of op.parameters) {
        for (const value of HOSTILE) {
          const what = `${parameter.in} ${parameter.name} = ${value.label}`;
          if (parameter.in === 'path' && value.url !== undefined && value.url !== '') {
            await send(what, request(op, { path: { [parameter.name]: value.url } }), op.streams);
          } else if (parameter.in === 'query' && value.url !== undefined) {
            await send(what, request(op, { query: `${parameter.name}=${value.url}` }), op.streams);
            await send(`${what} (twice)`, request(op, { query: `${parameter.name}=${value.url}&${parameter.name}=${value.url}` }), op.streams);
          } else if (parameter.in === 'header' && value.header !== undefined) {
            await send(what, request(op, { headers: { [parameter.name]: value.header } }), op.streams);
          }
        }
      }
      for (const [field, schema] of Object.entries(op.body?.properties ?? {})) {
        for (const value of HOSTILE) {
          const body = bodyWith(op.body!, field, value, false);
          if (body !== null) await send(`body ${field} = ${value.label}`, request(op, { body }), op.streams);
          const isList = schema.type === 'array';
          const itemBody = isList ? bodyWith(op.body!, field, value, true) : null;
          if (itemBody !== null) await send(`body ${field}[0] = ${value.label}`, request(op, { body: itemBody }), op.streams);
        }
      }
      // Unknown query keys, prototype keys among them.
      for (const query of ['__proto__=1', 'constructor%5Bprototype%5D=1', `${long(200)}=1`, 'a=%00']) {
        await send(`query ${query.slice(0, 30)}`, request(op, { query }), op.streams);
      }
      // Whole bodies: prototype pollution, malformed, nested, over the limit, other content types.
      if (op.body || op.method === 'DELETE') {
        for (const body of PROTOTYPE_BODIES) await send(`body ${body}`, request(op, { body }), op.streams);
        for (const malformed of MALFORMED_BODIES) {
          await send(`body: ${malformed.label}`, request(op, { body: malformed.body, type: malformed.type }), op.streams);
        }
      }
      // Path segments that are not a path: malformed encoding, too long.
      if (op.parameters.some((p) => p.in === 'path')) {
        for (const segment of ['%ED%A0%80', '%zz', long(150), '..%2F..%2Fetc%2Fpasswd']) {
          await send(`path segment ${segment.slice(0, 20)}`, request(op, { path: { id: segment } }), op.streams);
        }
      }
      // Credentials that are not.
      if (op.secured) {
        const expired = await signAccessToken(app.config.jwtSecret, 1, Date.now() - 3_600_000);
        const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"1","typ":"access"}').toString('base64url')}.`;
        for (const authorization of ['Bearer', `Bearer ${long(10_000)}`, 'Basic YTpi', `Bearer ${expired}`, `Bearer ${unsigned}`, 'Bearer Infinity']) {
          await send(`authorization ${authorization.slice(0, 20)}`, { ...request(op, {}), headers: { ...request(op, {}).headers, authorization } }, op.streams);
        }
      }
    };
    // Four operations at a time, each one's requests in turn: a request's statements wait on the database's thread,
    // and one request at a time left the cores idle most of the run.
    const left = [...operations];
    const lane = async () => {
      for (let op = left.shift(); op; op = left.shift()) await attack(op);
    };
    await Promise.all([lane(), lane(), lane(), lane()]);
    expect(problems, `${problems.length} of ${sent} requests answered wrongly:\n${problems.slice(0, 40).join('\n')}`).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
  });

  it('refuses an unknown query key with a 422 naming it, on every operation that takes a query', async () => {
    // A deck's upload (a POST without a JSON body) is refused for its Content-Type before its query is read.
    const taking = operations.filter((op) => op.parameters.some((parameter) => parameter.in === 'query') && !(op.method === 'POST' && !op.body));
    expect(taking.length).toBeGreaterThan(10);
    const answers = [];
    for (const op of taking) {
      const required = op.parameters.filter((parameter) => parameter.in === 'query' && parameter.required);
      const query = [...required.map((parameter) => `${parameter.name}=${String(sample(parameter.name, parameter.schema))}`), 'unknown_key=1'].join('&');
      const uuids = op.parameters.filter((parameter) => parameter.in === 'path' && parameter.schema.format === 'uuid');
      const path = Object.fromEntries(uuids.map((parameter) => [parameter.name, '00000000-0000-4000-8000-000000000000']));
      const res = await send(`query ${query}`, request(op, { path, query }), op.streams);
      answers.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body}`);
    }
    expect(answers).toEqual(taking.map((op) => `${op.method} ${op.path}: 422 {"detail":"querystring: unknown field 'unknown_key'"}`));
  });

  it('answers HTTP its parser refuses on the socket, in the same shape', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const raw = (bytes: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port }, () => socket.end(bytes));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    for (const [bytes, status] of [
      ['GARBAGE\r\n\r\n', 400],
      ['GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400],
      [`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${long(20_000)}\r\n\r\n`, 431],
      ['GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello', 400],
    ] as const) {
      const answer = await raw(bytes);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')[0], bytes.slice(0, 40)).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(head).toMatch(/content-type: application\/json/i);
      expect(typeof JSON.parse(body).detail).toBe('string');
    }
  });

  it('answers normally afterwards', async () => {
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    const search = await app.inject({ url: '/api/v1/investors/search?page=1&per_page=15', headers: auth });
    expect(search.statusCode).toBe(200);
    expect(search.json().results.length).toBeGreaterThan(0);
    const lists = await app.inject({ url: '/api/v1/lists', headers: auth });
    expect(lists.statusCode).toBe(200);
    const created = await app.inject({ method: 'POST', url: '/api/v1/lists', headers: auth, payload: { name: 'After', list_type: 'fund' } });
    expect(created.statusCode).toBe(201);
    const added = await app.inject({ method: 'POST', url: `/api/v1/lists/${created.json().id}/funds/batch`, headers: auth, payload: { fund_ids: [1, 2] } });
    expect(added.json()).toMatchObject({ added: [1, 2] });
  });
});
