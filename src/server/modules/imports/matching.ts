// An imported row's investor, found set-based: one statement per way of matching for a chunk of rows at once (the
// catalogue's, read through its indexes of migration 0011), then the same over the caller's own contacts, so a
// founder importing a file twice does not make the same contact twice. In order: the same e-mail (exact), the
// same website domain and last name, the same name and firm (likely); else up to three candidates by name.
// Every statement is bounded: a chunk of CHUNK rows, each an index probe or at most
// 2 × CANDIDATE_SCAN index entries. On PGlite every other request's statements wait while one runs, and take their
// turn between two chunks (each planned once, SessionStatement, not on every chunk); on PostgreSQL the statements
// also run under a statement timeout (preview.ts).
import { sql, type SQL } from 'drizzle-orm';
import { IMPORT_CANDIDATES_MAX, type ImportCandidate, type ImportMatch, type MatchBasis } from '../../../shared/imports.js';
import type { Db } from '../../db/client.js';
import type { Row } from '../../db/query-rows.js';
import { SessionStatement } from '../../db/session-statement.js';
import type { CheckedRow } from './import-rows.js';

export interface RowMatch {
  match: ImportMatch | null;
  candidates: ImportCandidate[];
}

type Source = 'catalogue' | 'own';

/**
 * Rows (or names, or ids) asked about in one statement: on PGlite every other request's statements wait while one
 * runs, so each is a few milliseconds' work (5-30 ms on a busy machine of 2 cores, with 100,000 investors). Not
 * sized by the time the last one took: that time includes the wait for its turn, and would shrink the chunks, and
 * slow the preview, exactly when others are being served.
 */
const CHUNK = { probes: 100, names: 40, ids: 100 };

/** `ask` for each chunk of `size` items in turn, a statement each; answers their rows together. */
async function chunked<T>(items: T[], size: number, ask: (chunk: T[]) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; start < items.length; start += size) rows.push(...(await ask(items.slice(start, start + size))));
  return rows;
}

interface Strategy {
  by: MatchBasis;
  keys: (row: CheckedRow) => Record<string, string> | null;
  columns: string;
  on: SQL;
}

const STRATEGIES: Strategy[] = [
  {
    by: 'email',
    keys: (row) => (row.keys.email ? { email: row.keys.email } : null),
    columns: 'email text',
    on: sql`lower(x.email) = k.email AND x.email <> 'NaN'`,
  },
  {
    by: 'domain_and_last_name',
    keys: (row) => (row.keys.domain && row.keys.last ? { domain: row.keys.domain, last: row.keys.last } : null),
    columns: 'domain text, last text',
    on: sql`fs_web_domain(x.office_website) = k.domain AND fs_fold(x.last_name) = k.last AND x.office_website <> 'NaN'`,
  },
  {
    by: 'name_and_firm',
    keys: (row) => (row.keys.person ? { person: row.keys.person } : null),
    columns: 'person text',
    on: sql`fs_person_key(x.first_name, x.last_name, x.firm_name) = k.person`,
  },
];

/** What a statement of the matching is given: a chunk of keys (JSON) and the caller. */
type Asked = { keys: string; user: number };
const ASKED = { keys: 'jsonb', user: 'integer' };

/** Where a source's rows are read: the catalogue, or the caller's contacts (each table's indexes lead with the owner). */
const sourceRows = (source: Source, user: SQL) =>
  source === 'catalogue' ? sql`investors x WHERE` : sql`private_contacts x WHERE x.owner_id = ${user} AND`;

/**
 * For each row (by its number) an investor the strategy finds in the source (in her own contacts, the lowest id).
 * The source is asked once per row, through its index (a LATERAL subquery: without statistics, as on PGlite, the
 * planner would rather hash every row's key). Her contacts' lowest id is taken after the probe: an `ORDER BY x.id
 * LIMIT 1` inside it let the planner read all her contacts in id order for a row matching none, folding each
 * one's key (about 1 s a chunk of 100 rows with 300 contacts, on a new PGlite database).
 */
const MATCH_STATEMENTS = new Map(
  STRATEGIES.flatMap((strategy) =>
    (['catalogue', 'own'] as const).map((source) => [
      `${strategy.by}:${source}`,
      new SessionStatement<Asked>(`import_match_${strategy.by}_${source}`, ASKED, ({ keys, user }) => {
        const asked = sql`jsonb_to_recordset(${keys}) AS k(i integer, ${sql.raw(strategy.columns)})`;
        if (source === 'catalogue') {
          return sql`SELECT k.i AS row, m.id FROM ${asked} CROSS JOIN LATERAL (SELECT x.id FROM ${sourceRows(source, user)} ${strategy.on} LIMIT 1) m`;
        }
        return sql`SELECT k.i AS row, min(m.id) AS id FROM ${asked}
          CROSS JOIN LATERAL (SELECT x.id FROM ${sourceRows(source, user)} ${strategy.on}) m GROUP BY k.i`;
      }),
    ]),
  ),
);

async function matchBy(db: Db, strategy: Strategy, rows: CheckedRow[], source: Source, userId: number): Promise<Map<number, number>> {
  const keys = rows.flatMap((row) => {
    const key = strategy.keys(row);
    return key ? [{ i: row.row, ...key }] : [];
  });
  const statement = MATCH_STATEMENTS.get(`${strategy.by}:${source}`)!;
  const found = await chunked(keys, CHUNK.probes, (chunk) => statement.run(db, { keys: JSON.stringify(chunk), user: userId }));
  return new Map(found.map((r) => [Number(r.row), Number(r.id)]));
}

const CANDIDATE_COLUMNS = sql`x.id, x.first_name, x.last_name, x.firm_name, x.contact_title, x.email, x.city, x.country`;

function toCandidate(row: Record<string, unknown>, own: boolean): ImportCandidate {
  const candidate: ImportCandidate & { private?: true } = {
    investor_id: Number(row.id),
    first_name: row.first_name as string,
    last_name: row.last_name as string,
    firm_name: row.firm_name as string,
    contact_title: row.contact_title as string,
    email: row.email as string,
    city: row.city as string,
    country: row.country as string,
  };
  if (own) candidate.private = true;
  return candidate;
}

/** Rank among candidates: the same first name first, then the most similar (read as stored: cheap, near enough). */
const CANDIDATE_ORDER = sql`lower(x.first_name) = k.first DESC, similarity(lower(x.first_name), k.first) DESC, x.id`;

/** How many letters of the first name a candidate's must start with. */
const PREFIX = 2;
/** Index entries read at most on each side of a name's first name: what a common last name costs is bounded. */
const CANDIDATE_SCAN = 8;

const FOLDED_FIRST = sql`fs_fold(x.first_name) COLLATE "C"`;

/**
 * Up to IMPORT_CANDIDATES_MAX investors (and one more, should the match be among them) for each name `k` (a last
 * name, a first name and its range) in the source: the same last name and a first name starting with the same
 * letters (or any, for a name without a first name), ranked among the CANDIDATE_SCAN entries of the folded-name
 * index on either side of the name's first name (in byte order, the range's).
 */
function candidateQuery(keys: SQL, source: Source, user: SQL): SQL {
  const near = (from: SQL, to: SQL, order: SQL) => sql`(SELECT ${CANDIDATE_COLUMNS} FROM ${sourceRows(source, user)}
    fs_fold(x.last_name) = k.last AND ${FOLDED_FIRST} >= ${from} AND ${FOLDED_FIRST} < ${to}
    ORDER BY ${FOLDED_FIRST} ${order} LIMIT ${sql.raw(String(CANDIDATE_SCAN))})`;
  return sql`SELECT k.i AS name, c.*
    FROM jsonb_to_recordset(${keys}) AS k(i integer, last text, first text, prefix text, beyond text)
    CROSS JOIN LATERAL (
      SELECT x.*, row_number() OVER (ORDER BY ${CANDIDATE_ORDER}) AS rank
      FROM (${near(sql`k.first`, sql`k.beyond`, sql`ASC`)} UNION ALL ${near(sql`k.prefix`, sql`k.first`, sql`DESC`)}) x
      ORDER BY rank
      LIMIT ${sql.raw(String(IMPORT_CANDIDATES_MAX + 1))}
    ) c
    ORDER BY name, rank`;
}

const CANDIDATE_STATEMENTS = {
  catalogue: new SessionStatement<Asked>('import_candidates_catalogue', ASKED, ({ keys, user }) => candidateQuery(keys, 'catalogue', user)),
  own: new SessionStatement<Asked>('import_candidates_own', ASKED, ({ keys, user }) => candidateQuery(keys, 'own', user)),
};

/** The first names a candidate's may be: from `prefix` (the row's first letters) up to `beyond`, in byte order. */
function firstNameRange(first: string): { prefix: string; beyond: string } {
  if (first === '') return { prefix: '', beyond: '\u007f' };
  const prefix = first.slice(0, PREFIX);
  return { prefix, beyond: prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1) };
}

/** Each row's candidates by name, asked once for each name the rows hold (a file often repeats a last name). */
async function candidatesBy(db: Db, rows: CheckedRow[], source: Source, userId: number): Promise<Map<number, ImportCandidate[]>> {
  const names = new Map<string, { i: number; last: string; first: string; prefix: string; beyond: string }>();
  const nameOf = new Map<number, number>();
  for (const { row, keys } of rows) {
    if (!keys.last) continue;
    const id = `${keys.last}\u0000${keys.first}`;
    if (!names.has(id)) names.set(id, { i: names.size, last: keys.last, first: keys.first, ...firstNameRange(keys.first) });
    nameOf.set(row, names.get(id)!.i);
  }
  const found = await chunked([...names.values()], CHUNK.names, (chunk) => CANDIDATE_STATEMENTS[source].run(db, { keys: JSON.stringify(chunk), user: userId }));
  const byName = new Map<number, ImportCandidate[]>();
  for (const row of found) {
    const list = byName.get(Number(row.name)) ?? [];
    list.push(toCandidate(row, source === 'own'));
    byName.set(Number(row.name), list);
  }
  const byRow = new Map<number, ImportCandidate[]>();
  for (const [row, name] of nameOf) byRow.set(row, byName.get(name) ?? []);
  return byRow;
}

const MATCHED_STATEMENT = new SessionStatement<{ ids: string }>(
  'import_matched',
  { ids: 'jsonb' },
  ({ ids }) => sql`SELECT ${CANDIDATE_COLUMNS}, x.private FROM investor_rows x
    WHERE x.id IN (SELECT value::integer FROM jsonb_array_elements_text(${ids}))`,
);

async function candidatesOfIds(db: Db, ids: number[]): Promise<Map<number, ImportCandidate>> {
  const found = await chunked(ids, CHUNK.ids, (chunk) => MATCHED_STATEMENT.run(db, { ids: JSON.stringify(chunk) }));
  return new Map(found.map((row) => [Number(row.id), toCandidate(row, row.private === true)]));
}

/** Each row's match (or null) and candidates: the match first, then by name, at most IMPORT_CANDIDATES_MAX in all beside it. */
export async function matchRows(db: Db, userId: number, rows: CheckedRow[]): Promise<RowMatch[]> {
  const matches = new Map<number, ImportMatch>();
  for (const strategy of STRATEGIES) {
    for (const source of ['catalogue', 'own'] as const) {
      const open = rows.filter((row) => !matches.has(row.row));
      const found = await matchBy(db, strategy, open, source, userId);
      for (const [row, investorId] of found) {
        matches.set(row, { investor_id: investorId, confidence: strategy.by === 'email' ? 'exact' : 'likely', by: strategy.by });
      }
    }
  }
  const unsure = rows.filter((row) => matches.get(row.row)?.confidence !== 'exact');
  const [catalogue, own, matched] = [
    await candidatesBy(db, unsure, 'catalogue', userId),
    await candidatesBy(db, unsure, 'own', userId),
    await candidatesOfIds(db, [...new Set([...matches.values()].map((m) => m.investor_id))]),
  ];
  return rows.map((row) => {
    const match = matches.get(row.row) ?? null;
    const first = match ? matched.get(match.investor_id) : undefined;
    const byName = [...(catalogue.get(row.row) ?? []), ...(own.get(row.row) ?? [])].filter((c) => c.investor_id !== match?.investor_id);
    return { match, candidates: [...(first ? [first] : []), ...byName.slice(0, IMPORT_CANDIDATES_MAX)] };
  });
}
