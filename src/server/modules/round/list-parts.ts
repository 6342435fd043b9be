// Each investor list's part of the Round page, counted once per change of the list and kept: the figures that add up
// across lists (counts, sums, each answer's days for the medians), and the rows and times the clock's cuts need (going
// cold, overdue, this week's replies and meetings, each amount's change for the weekly chart), so that a summary
// sums kept parts (round-merge.ts) and counts anew only the lists that changed.
import { lt, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_STAGES, FUNNEL_STAGES } from '../../../shared/round-summary.js';
import type { PipelineStage } from '../../../shared/pipeline.js';
import { arrayLiteral } from '../../db/catalogue-store.js';
import type { Db } from '../../db/client.js';
import { PreparedRows, queryRows, type Row } from '../../db/query-rows.js';
import { roundListParts } from '../../db/schema.js';
import { sqlState } from '../../db/transaction.js';
import { epochMs } from '../../db/epoch-ms.js';
import { rowFacts } from './round-facts.js';
import { DAY_MS } from './round-rules.js';

/** What one response group (a list's, or an investor type's on a list) adds up. */
export interface ResponsePart {
  contacted: number;
  answered: number;
  /** Each answered row's whole days from first contact to first answer. */
  days: number[];
}

/** A row of the list in an active stage, its last touch but for deck views (ms since 1970). */
export type ActiveRow = [investorId: number, stage: PipelineStage, loggedTouchMs: number];
/** A row with a follow-up, its day (YYYY-MM-DD). */
export type FollowUpRow = [investorId: number, stage: PipelineStage, day: string];
/** A reply or meeting logged, an answer logged, or Meeting last reached (once), since the part's `since`. */
export type RecentEntry = [
  investorId: number,
  stage: PipelineStage,
  kind: 'reply' | 'meeting' | 'answered' | 'met',
  atMs: number,
];

/**
 * A row at Term sheet (1) or Committed (2) with an amount: its investor, that stage, the amount, and when its stage or
 * amount last changed (ms; else its addition). An investor on several lists is counted once (round-merge.ts).
 */
export type AmountedRow = [investorId: number, stage: 1 | 2, amount: number, changedMs: number];

export interface ListPart extends ResponsePart {
  rows: number;
  firstAddedMs: number | null;
  amounted: AmountedRow[];
  termSheetRows: number;
  committedRows: number;
  /** Rows by the furthest funnel stage reached (FUNNEL_STAGES' order), and of those passed. */
  furthest: number[];
  passed: number[];
  byType: Map<string, ResponsePart>;
  /**
   * Each change of a row's term-sheet and committed amounts: at (ms), its investor, term sheet, committed; flat, none
   * zero, each row's in time order one after another.
   */
  deltas: number[];
  active: ActiveRow[];
  followUps: FollowUpRow[];
  /** This week's entries of each row from `since` on: a summary counted at `since` + 7 days or later reads them whole. */
  recent: RecentEntry[];
  since: number;
}

const literals = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const active = sql.raw(literals(ACTIVE_STAGES));
const ms = epochMs;

/** The rows whose amounts the round sums: at Term sheet or Committed, with an amount. */
const amountCounts = sql`fd.stage IN ('term_sheet', 'committed') AND fd.amount > 0`;

/** Counts of `fd` by each funnel stage as the furthest reached (where `also` holds too), as an array. */
const byFurthest = (also: SQL) =>
  sql.join(
    FUNNEL_STAGES.map((_, i) => sql`count(*) FILTER (WHERE fd.furthest = ${sql.raw(String(i + 1))} AND ${also})::int`),
    sql`, `,
  );

/**
 * Each row whose amount counts or counted (`amounted`: an amount now, or an 'amount' entry since it was added) with its
 * 'stage' and 'amount' entries since it was added (kept in its facts, oldest first), for replaySums: per list, the
 * rows' investors, additions (ms), stages and amounts now as arrays side by side, and their entries ([[at (ms),
 * action, from, to], …] each) as one JSON array. The entries are read by the facts' key for these rows only: carried
 * in `fd` for every row, they cost PGlite more than the probes.
 */
const rowHistories = sql`    histories AS (
      SELECT fd.list_id, json_agg(fd.investor_id) AS h_investor, json_agg(${ms(sql`fd.added_at`)}) AS h_added,
        json_agg(fd.stage) AS h_stage, json_agg(fd.amount) AS h_amount,
        json_agg(coalesce((SELECT x.steps FROM round_row_facts x WHERE x.list_id = fd.list_id AND x.investor_id = fd.investor_id), '[]'::json)) AS h_steps
      FROM fd WHERE fd.amount IS NOT NULL OR fd.amount_logged GROUP BY fd.list_id
    )`;

type History = [
  investorId: number,
  addedMs: number,
  stageNow: string | null,
  amountNow: number | null,
  steps: Array<[number, string, string | null, string | null]>,
];

/**
 * How a row's term-sheet and committed amounts changed over time, appended to `deltas` (at, its investor, term sheet,
 * committed; none zero): its stage and amount at its addition and after each 'stage' and 'amount' entry (before a
 * kind's first entry, that entry's `from`; with none, its value now), and the change each made to the sums.
 */
export function replaySums([investorId, addedMs, stageNow, amountNow, steps]: History, deltas: number[]): void {
  const amountOf = (text: string | null) => (text === null ? null : Number(text));
  const firstStage = steps.find((step) => step[1] === 'stage');
  const firstAmount = steps.find((step) => step[1] === 'amount');
  let stage = firstStage ? firstStage[2] : stageNow;
  let amount = firstAmount ? amountOf(firstAmount[2]) : amountNow;
  let termSheet = 0;
  let committed = 0;
  const step = (at: number) => {
    const nextTermSheet = stage === 'term_sheet' ? (amount ?? 0) : 0;
    const nextCommitted = stage === 'committed' ? (amount ?? 0) : 0;
    if (nextTermSheet !== termSheet || nextCommitted !== committed)
      deltas.push(at, investorId, nextTermSheet - termSheet, nextCommitted - committed);
    termSheet = nextTermSheet;
    committed = nextCommitted;
  };
  step(addedMs);
  for (const [at, action, , to] of steps) {
    if (action === 'stage') stage = to;
    else amount = amountOf(to);
    step(at);
  }
}

/** How a response group's rows of `fd` add up: contacted, answered, and the days each answer took. */
const responseParts = sql`count(*) FILTER (WHERE fd.contacted)::int AS contacted,
  count(*) FILTER (WHERE fd.contacted AND fd.answered)::int AS answered,
  coalesce(json_agg(fd.answer_days) FILTER (WHERE fd.answer_days IS NOT NULL), '[]'::json) AS days`;

/**
 * One row per list of `listIds` (an int[] expression) with its part; this week's entries read from `from` (a
 * timestamptz expression) on. Its lists of values are JSON, not arrays: both drivers parse JSON natively and an
 * array's text in JavaScript, which was about a fifth of the first summary's CPU in this process.
 */
function partsOf(listIds: SQL, from: SQL): SQL {
  // Lean: the facts read no week (this week's entries are read here, from `from`).
  return sql`WITH ${rowFacts({ listIds }, { weekAgo: new Date(0), lean: true })}, ${rowHistories},
    whole AS (
      SELECT fd.list_id AS of_list, count(*)::int AS rows,
        ${ms(sql`min(fd.added_at)`)} AS first_added_ms,
        json_agg(fd.investor_id) FILTER (WHERE ${amountCounts}) AS am_investor,
        json_agg(fd.stage) FILTER (WHERE ${amountCounts}) AS am_stage,
        json_agg(fd.amount) FILTER (WHERE ${amountCounts}) AS am_amount,
        json_agg(${ms(sql`fd.amount_changed_at`)}) FILTER (WHERE ${amountCounts}) AS am_changed,
        count(*) FILTER (WHERE fd.stage = 'term_sheet')::int AS term_sheet_rows,
        count(*) FILTER (WHERE fd.stage = 'committed')::int AS committed_rows,
        ARRAY[${byFurthest(sql`true`)}] AS furthest,
        ARRAY[${byFurthest(sql`fd.stage = 'passed'`)}] AS passed,
        ${responseParts},
        json_agg(fd.investor_id) FILTER (WHERE fd.stage IN (${active})) AS act_investor,
        json_agg(fd.stage) FILTER (WHERE fd.stage IN (${active})) AS act_stage,
        json_agg(${ms(sql`fd.logged_touch`)}) FILTER (WHERE fd.stage IN (${active})) AS act_logged,
        json_agg(fd.investor_id) FILTER (WHERE fd.follow_up_on IS NOT NULL) AS fu_investor,
        json_agg(fd.stage) FILTER (WHERE fd.follow_up_on IS NOT NULL) AS fu_stage,
        json_agg(fd.follow_up_on::text) FILTER (WHERE fd.follow_up_on IS NOT NULL) AS fu_day
      FROM fd GROUP BY fd.list_id
    ),
    by_type AS (
      SELECT list_id, json_agg(json_build_array(label, contacted, answered, days)) AS by_type FROM (
        SELECT fd.list_id, fd.type_label AS label, ${responseParts}
        FROM fd WHERE fd.contacted AND fd.type_label IS NOT NULL GROUP BY fd.list_id, fd.type_label) x
      GROUP BY list_id
    ),
    recents AS (
      SELECT w.list_id, json_agg(json_build_array(w.investor_id, w.stage, e.kind, ${ms(sql`e.at`)})) AS recent
      FROM (SELECT * FROM fd WHERE fd.engaged_last_at >= ${from} OR fd.answered_at >= ${from} OR fd.met_at >= ${from}) w
      CROSS JOIN LATERAL (
        SELECT CASE WHEN t.kind = 'email_received' THEN 'reply' ELSE 'meeting' END, t.happened_at FROM row_touches t
        WHERE w.engaged_last_at >= ${from} AND t.list_id = w.list_id AND t.investor_id = w.investor_id
          AND t.happened_at >= ${from} AND t.kind IN ('email_received', 'meeting')
        UNION ALL SELECT 'answered', w.answered_at WHERE w.answered_at >= ${from}
        UNION ALL SELECT 'met', w.met_at WHERE w.met_at >= ${from}
      ) e (kind, at)
      GROUP BY w.list_id
    )
    SELECT s.id AS list_id, whole.*, by_type.by_type, h.h_investor, h.h_added, h.h_stage, h.h_amount, h.h_steps, recents.recent
    FROM scope s LEFT JOIN whole ON whole.of_list = s.id LEFT JOIN by_type ON by_type.list_id = s.id
      LEFT JOIN histories h ON h.list_id = s.id
      LEFT JOIN recents ON recents.list_id = s.id`;
}

/** partsOf, of the lists' ids and `since` as they are: the statement before it was prepared (bench profiles compare them). */
export const partsStatement = (listIds: readonly number[], since: Date): SQL =>
  partsOf(sql`${arrayLiteral(listIds.map(String))}::int[]`, sql`${since.toISOString()}::timestamptz`);

/**
 * partsOf prepared, its lists (`lists`: an array literal) and `since` (ISO) its values: planning it was about a tenth
 * of counting 50 lists on PGlite (7-9 ms), so it is prepared there too, and planned once per connection on PostgreSQL.
 */
const partsPrepared = new PreparedRows(
  'round_list_parts',
  partsOf(sql`${sql.placeholder('lists')}::int[]`, sql`${sql.placeholder('since')}::timestamptz`),
  { pglite: 'prepared' },
);

/** An array column of a part's row: empty when the list has none of those rows (null). */
const column = <T>(row: Row, name: string) => (row[name] ?? []) as T[];

function toPart(row: Row, since: number): ListPart {
  const none = FUNNEL_STAGES.map(() => 0);
  const byType = new Map<string, ResponsePart>();
  for (const [label, contacted, answered, days] of (row.by_type ?? []) as Array<[string, number, number, number[]]>) {
    byType.set(label, { contacted, answered, days });
  }
  const deltas: number[] = [];
  const [addedMs, stagesNow, amountsNow] = ['h_added', 'h_stage', 'h_amount'].map((name) => column<unknown>(row, name));
  const steps = column<History[4]>(row, 'h_steps');
  column<number>(row, 'h_investor').forEach((investorId, i) => {
    const amount = amountsNow[i] === null ? null : Number(amountsNow[i]);
    replaySums([investorId, Number(addedMs[i]), stagesNow[i] as string | null, amount, steps[i]], deltas);
  });
  const [amStages, amAmounts, amChanged] = ['am_stage', 'am_amount', 'am_changed'].map((name) => column<unknown>(row, name));
  const [actStages, actLogged] = ['act_stage', 'act_logged'].map((name) => column<unknown>(row, name));
  const [fuStages, fuDays] = ['fu_stage', 'fu_day'].map((name) => column<unknown>(row, name));
  return {
    rows: (row.rows as number | null) ?? 0,
    firstAddedMs: row.first_added_ms === null || row.first_added_ms === undefined ? null : Number(row.first_added_ms),
    amounted: column<number>(row, 'am_investor').map(
      (investorId, i): AmountedRow => [investorId, amStages[i] === 'committed' ? 2 : 1, Number(amAmounts[i]), Number(amChanged[i])],
    ),
    termSheetRows: (row.term_sheet_rows as number | null) ?? 0,
    committedRows: (row.committed_rows as number | null) ?? 0,
    furthest: (row.furthest as number[] | null) ?? none,
    passed: (row.passed as number[] | null) ?? none,
    contacted: (row.contacted as number | null) ?? 0,
    answered: (row.answered as number | null) ?? 0,
    days: column<number>(row, 'days'),
    byType,
    deltas,
    active: column<number>(row, 'act_investor').map((investorId, i): ActiveRow => [investorId, actStages[i] as PipelineStage, Number(actLogged[i])]),
    followUps: column<number>(row, 'fu_investor').map((investorId, i): FollowUpRow => [investorId, fuStages[i] as PipelineStage, fuDays[i] as string]),
    recent: (row.recent as RecentEntry[] | null) ?? [],
    since,
  };
}

/**
 * How long after it was counted a list's part is forgotten, though nothing changed: what it says stands while its
 * version does (list_versions never goes back), so this bounds only what is stored for founders who left. A founder
 * back after longer counts her lists again, once.
 */
export const PART_KEPT_MS = 30 * DAY_MS;
/** What a part holds and how: a part stored in another format is counted again. */
const PART_FORMAT = 'p4';

/** The version a list's part is counted at: its format, the list's version and the catalogue's version. */
export const partVersion = (listVersion: number, catalogue: string) => `${PART_FORMAT}:${listVersion}|${catalogue}`;
/**
 * Rows (and lists) whose parts an instance keeps at most, the least lately used list dropped first: a part holds
 * about 80 bytes a row (50 lists of 200 rows: 0.8 MB), so about 20 MB.
 */
export const PARTS_ROWS_MAX = 250_000;

interface KeptPart {
  /** partVersion: what the part was counted at. */
  version: string;
  countedAt: number;
  part: ListPart;
}

type StoredPart = Omit<ListPart, 'byType'> & { byType: Array<[string, ResponsePart]> };

/** A list deleted as its part was stored (foreign_key_violation), a deadlock lost (deadlock_detected). */
const STORE_GAVE_WAY = new Set(['23503', '40P01']);

/**
 * The parts of `lists` stored in round_list_parts at their versions, counted less than PART_KEPT_MS before `now`
 * (and not after it: a part counted at a later `now` lacks the entries of the week before the clock set back).
 */
async function storedParts(db: Db, lists: ReadonlyArray<{ id: number; version: string }>, now: number): Promise<Map<number, KeptPart>> {
  const rows = await queryRows(
    db,
    sql`SELECT p.list_id, p.version, (extract(epoch FROM p.counted_at) * 1000)::float8 AS counted_ms, p.part
      FROM round_list_parts p
      JOIN unnest(${arrayLiteral(lists.map((list) => String(list.id)))}::int[], ${arrayLiteral(lists.map((list) => list.version))}::text[]) AS v(list_id, version)
        ON p.list_id = v.list_id AND p.version = v.version
      WHERE p.counted_at > ${new Date(now - PART_KEPT_MS).toISOString()}::timestamptz
        AND p.counted_at <= ${new Date(now).toISOString()}::timestamptz`,
  );
  return new Map(
    rows.map((row) => {
      const stored = JSON.parse(String(row.part)) as StoredPart;
      const part = { ...stored, byType: new Map(stored.byType) };
      return [Number(row.list_id), { version: String(row.version), countedAt: Number(row.counted_ms), part }];
    }),
  );
}

/**
 * Stores parts just counted, over older ones, in the lists' order (two summaries storing the same lists at once take
 * their rows' locks in one order). Storing is for later summaries: a list deleted meanwhile has none to keep, and a
 * store that lost a deadlock all the same leaves the next summary to count again.
 */
async function storeParts(db: Db, counted: ReadonlyArray<KeptPart & { listId: number }>): Promise<void> {
  const values = [...counted].sort((a, b) => a.listId - b.listId).map(({ listId, version, countedAt, part }) => ({
    list_id: listId,
    version,
    counted_at: new Date(countedAt),
    part: JSON.stringify({ ...part, byType: [...part.byType] } satisfies StoredPart),
  }));
  try {
    await db
      .insert(roundListParts)
      .values(values)
      .onConflictDoUpdate({
        target: roundListParts.list_id,
        set: { version: sql`excluded.version`, counted_at: sql`excluded.counted_at`, part: sql`excluded.part` },
      });
  } catch (error) {
    if (!STORE_GAVE_WAY.has(sqlState(error) ?? '')) throw error;
  }
}

/** Forgets the stored parts counted PART_KEPT_MS ago or longer. */
export async function sweepStoredParts(db: Db, now: Date): Promise<void> {
  await db.delete(roundListParts).where(lt(roundListParts.counted_at, new Date(now.getTime() - PART_KEPT_MS)));
}

/**
 * Each list's part, kept while its version stands (for PART_KEPT_MS at most): by the instance, and in
 * round_list_parts for the next instance (or this one, once it dropped it), stored once the call that counted it is
 * answered (storeCounted: 50 lists' parts take 15–20 ms to store, which that call does not need).
 */
export class ListParts {
  private readonly kept = new Map<number, KeptPart>();
  private rows = 0;
  /** The parts counted and not stored yet, by list. */
  private unstored = new Map<number, KeptPart & { listId: number }>();
  /** The stores under way, one after another. */
  private storing: Promise<void> = Promise.resolve();

  constructor(
    /** What a store that failed otherwise than STORE_GAVE_WAY says (the next summary counts those parts again). */
    private readonly storeFailed: (error: unknown) => void,
    /** How many statements count the parts of several lists side by side: 1 where they would wait in one queue (PGlite). */
    private readonly sideBySide = 1,
  ) {}

  /**
   * Stores the parts counted since the last call, after the stores before (a call answered first: its answer does not
   * wait for them); resolves once every part counted so far is stored, or its store failed.
   */
  storeCounted(db: Db): Promise<void> {
    if (this.unstored.size > 0) {
      const counted = [...this.unstored.values()];
      this.unstored = new Map();
      this.storing = this.storing.then(() => storeParts(db, counted)).catch(this.storeFailed);
    }
    return this.storing;
  }

  /**
   * The parts of `lists` (each with its version) at `now`: the ones kept here, then the ones stored, and those of
   * the others counted in one statement (and stored). A part counted at a later `now` than asked (a clock set
   * back) is counted again.
   */
  async of(db: Db, lists: ReadonlyArray<{ id: number; version: string }>, now: Date): Promise<Map<number, ListPart>> {
    const parts = new Map<number, ListPart>();
    const missing: Array<{ id: number; version: string }> = [];
    for (const list of lists) {
      const kept = this.kept.get(list.id);
      const age = kept ? now.getTime() - kept.countedAt : -1;
      if (kept && kept.version === list.version && age >= 0 && age < PART_KEPT_MS) {
        this.kept.delete(list.id);
        this.kept.set(list.id, kept);
        parts.set(list.id, kept.part);
      } else missing.push(list);
    }
    if (missing.length === 0) return parts;
    const stored = await storedParts(db, missing, now.getTime());
    for (const [id, part] of stored) {
      parts.set(id, part.part);
      this.keep(id, part);
    }
    const uncounted = missing.filter((list) => !stored.has(list.id));
    if (uncounted.length > 0) {
      const since = now.getTime() - 7 * DAY_MS;
      // In `sideBySide` statements of as many lists each (PostgreSQL counts them on as many connections and cores).
      const size = Math.ceil(uncounted.length / this.sideBySide);
      const chunks = Array.from({ length: Math.ceil(uncounted.length / size) }, (_, i) => uncounted.slice(i * size, (i + 1) * size));
      const rows = (
        await Promise.all(
          chunks.map((chunk) =>
            partsPrepared.run(db, { lists: arrayLiteral(chunk.map((list) => String(list.id))), since: new Date(since).toISOString() }),
          ),
        )
      ).flat();
      const versions = new Map(uncounted.map((list) => [list.id, list.version]));
      const counted = rows.map((row) => {
        const listId = Number(row.list_id);
        return { listId, version: versions.get(listId)!, countedAt: now.getTime(), part: toPart(row, since) };
      });
      for (const part of counted) {
        parts.set(part.listId, part.part);
        this.keep(part.listId, part);
      }
      for (const part of counted) this.unstored.set(part.listId, part);
    }
    while (this.rows > PARTS_ROWS_MAX && this.kept.size > 0) this.drop(this.kept.keys().next().value!);
    return parts;
  }

  private keep(listId: number, { version, countedAt, part }: KeptPart): void {
    this.drop(listId);
    this.kept.set(listId, { version, countedAt, part });
    this.rows += part.rows + 1;
  }

  private drop(listId: number): void {
    const kept = this.kept.get(listId);
    if (!kept) return;
    this.kept.delete(listId);
    this.rows -= kept.part.rows + 1;
  }
}
