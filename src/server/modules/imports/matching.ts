// An imported row's investor, found set-based: one statement per way of matching for all rows at once (the
// catalogue's, read through its indexes of migration 0011), then the same over the caller's own contacts, so a
// founder importing a file twice does not make the same contact twice. In order: the same e-mail (exact), the
// same website domain and last name, the same name and firm (likely); else up to three candidates by name.
import { sql, type SQL } from 'drizzle-orm';
import { IMPORT_CANDIDATES_MAX, type ImportCandidate, type ImportMatch, type MatchBasis } from '../../../shared/imports.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import type { CheckedRow } from './import-rows.js';

export interface RowMatch {
  match: ImportMatch | null;
  candidates: ImportCandidate[];
}

type Source = 'catalogue' | 'own';

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;


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

/**
 * For each row (by its number) an investor the strategy finds in the source (the lowest id of the caller's
 * contacts). The catalogue is asked once per row, through its index (a LATERAL subquery: without statistics, as on
 * PGlite, the planner would rather hash every row of the catalogue's key); the caller's few contacts are hashed.
 */
async function matchBy(db: Db, strategy: Strategy, rows: CheckedRow[], source: Source, userId: number): Promise<Map<number, number>> {
  const keys = rows.flatMap((row) => {
    const key = strategy.keys(row);
    return key ? [{ i: row.row, ...key }] : [];
  });
  if (keys.length === 0) return new Map();
  const from = sql`jsonb_to_recordset(${json(keys)}) AS k(i integer, ${sql.raw(strategy.columns)})`;
  const found = await queryRows(
    db,
    source === 'catalogue'
      ? sql`SELECT k.i AS row, m.id FROM ${from} CROSS JOIN LATERAL (SELECT x.id FROM investors x WHERE ${strategy.on} LIMIT 1) m`
      : sql`SELECT DISTINCT ON (k.i) k.i AS row, x.id FROM ${from} JOIN (SELECT * FROM private_contacts WHERE owner_id = ${userId}) x ON ${strategy.on} ORDER BY k.i, x.id`,
  );
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

/**
 * Up to IMPORT_CANDIDATES_MAX investors (and one more, should the match be among them) for each row with a last
 * name: the same last name and a first name starting with the same letters (or any, for a row without one). From
 * the catalogue each row's are read from the folded-name index, the first names' range in byte order; from the
 * caller's contacts all rows' at once, hashed.
 */
function candidateQuery(keys: SQL, source: Source, userId: number): SQL {
  const limit = IMPORT_CANDIDATES_MAX + 1;
  if (source === 'catalogue') {
    return sql`SELECT k.i AS row, c.*
      FROM ${keys}
      CROSS JOIN LATERAL (
        SELECT ${CANDIDATE_COLUMNS} FROM investors x
        WHERE fs_fold(x.last_name) = k.last
          AND fs_fold(x.first_name) COLLATE "C" >= k.prefix AND fs_fold(x.first_name) COLLATE "C" < k.beyond
        ORDER BY ${CANDIDATE_ORDER}
        LIMIT ${limit}
      ) c
      ORDER BY k.i`;
  }
  return sql`SELECT * FROM (
      SELECT k.i AS row, ${CANDIDATE_COLUMNS}, row_number() OVER (PARTITION BY k.i ORDER BY ${CANDIDATE_ORDER}) AS rank
      FROM ${keys}
      JOIN private_contacts x ON x.owner_id = ${userId} AND fs_fold(x.last_name) = k.last
        AND fs_fold(x.first_name) COLLATE "C" >= k.prefix AND fs_fold(x.first_name) COLLATE "C" < k.beyond
    ) ranked
    WHERE rank <= ${limit}
    ORDER BY row, rank`;
}

/** The first names a candidate's may be: from `prefix` (the row's first letters) up to `beyond`, in byte order. */
function firstNameRange(first: string): { prefix: string; beyond: string } {
  if (first === '') return { prefix: '', beyond: '\u007f' };
  const prefix = first.slice(0, PREFIX);
  return { prefix, beyond: prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1) };
}

async function candidatesBy(db: Db, rows: CheckedRow[], source: Source, userId: number): Promise<Map<number, ImportCandidate[]>> {
  const keys = rows
    .filter((row) => row.keys.last)
    .map((row) => ({ i: row.row, last: row.keys.last, first: row.keys.first, ...firstNameRange(row.keys.first) }));
  const byRow = new Map<number, ImportCandidate[]>();
  if (keys.length === 0) return byRow;
  const found = await queryRows(
    db,
    candidateQuery(sql`jsonb_to_recordset(${json(keys)}) AS k(i integer, last text, first text, prefix text, beyond text)`, source, userId),
  );
  for (const row of found) {
    const list = byRow.get(Number(row.row)) ?? [];
    list.push(toCandidate(row, source === 'own'));
    byRow.set(Number(row.row), list);
  }
  return byRow;
}

async function candidatesOfIds(db: Db, ids: number[]): Promise<Map<number, ImportCandidate>> {
  if (ids.length === 0) return new Map();
  const found = await queryRows(
    db,
    sql`SELECT ${CANDIDATE_COLUMNS}, x.private FROM investor_rows x
      WHERE x.id IN (SELECT value::integer FROM jsonb_array_elements_text(${json(ids)}))`,
  );
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
