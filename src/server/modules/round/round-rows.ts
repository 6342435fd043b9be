// GET /api/v1/round/rows: the rows of one list behind a figure of the Round page, counted by the summary's rules, or
// how many of each of her lists, summed from the summary's own parts.
import { sql, type SQL } from 'drizzle-orm';
import { AMOUNT_STAGES, FUNNEL_STAGES, type FunnelStage, type RoundFigure } from '../../../shared/round-summary.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { coldOrder, engagedOrder, funnelPlace, isCold, isEngaged, isOverdue, overdueOrder, rowFacts } from './round-facts.js';
import type { ListParts } from './list-parts.js';
import { mergeRound, type DeckRead, type MergedRound } from './round-merge.js';
import { mergeInput, roundParts, roundWindow, type RoundQuery } from './round-summary.js';
import type { RoundRead } from './summary-cache.js';

/** Every figure the call takes, as the contract spells them. */
export const ROUND_FIGURES: RoundFigure[] = [
  ...FUNNEL_STAGES.map((stage): RoundFigure => `reached:${stage}`),
  ...FUNNEL_STAGES.map((stage): RoundFigure => `passed:${stage}`),
  ...AMOUNT_STAGES.map((stage): RoundFigure => `at:${stage}`),
  'contacted',
  'answered',
  'cold',
  'overdue',
  'engaged',
];

/** The figure's rows (of `fd`) and their order: a panel's as the panel lists them, the others by investor id. */
function figureRows(figure: RoundFigure, window: ReturnType<typeof roundWindow>): { condition: SQL; order: SQL } {
  const byId = sql`fd.investor_id`;
  const [kind, stage] = figure.split(':') as [string, FunnelStage | undefined];
  switch (kind) {
    case 'reached':
      return { condition: sql`fd.furthest >= ${funnelPlace(stage!)}`, order: byId };
    case 'at':
      return { condition: sql`fd.stage = ${stage!}`, order: byId };
    case 'passed':
      return { condition: sql`fd.stage = 'passed' AND fd.furthest = ${funnelPlace(stage!)}`, order: byId };
    case 'contacted':
      return { condition: sql`fd.contacted`, order: byId };
    case 'answered':
      return { condition: sql`fd.contacted AND fd.answered`, order: byId };
    case 'cold':
      return { condition: isCold(window.coldSince), order: coldOrder };
    case 'overdue':
      return { condition: isOverdue(window.today), order: overdueOrder };
    default:
      return { condition: isEngaged, order: engagedOrder };
  }
}

/** Only the rows (of `fd`) of investors of `type`, as the Response panel's groups by type label them; all without. */
const ofType = (type: string | null) =>
  type === null
    ? sql`true`
    : sql`fd.type_label = ${type}`;

/**
 * The investor ids of the list's rows behind `figure`, all of them (a panel's, beyond the summary's first rows too);
 * with `type`, only those of investors of that type (as the Response panel's groups by type label them).
 */
export async function roundFigureRows(
  db: Db,
  listId: number,
  figure: RoundFigure,
  query: Omit<RoundQuery, 'scope' | 'targetOf'>,
  type: string | null = null,
): Promise<number[]> {
  const window = roundWindow(query);
  const { condition, order } = figureRows(figure, window);
  const rows = await queryRows(
    db,
    sql`WITH ${rowFacts({ listId }, window)} SELECT fd.investor_id FROM fd WHERE ${condition} AND ${ofType(type)} ORDER BY ${order}`,
  );
  return rows.map((row) => Number(row.investor_id));
}

/**
 * How many rows of each of the owner's investor lists (in id order, zeros too) are behind `figure` (of investors of
 * `type` only, when given), in one statement: for a type with a figure the lists' parts hold no groups by type of.
 */
async function countedByList(
  db: Db,
  ownerId: number,
  figure: RoundFigure,
  query: Omit<RoundQuery, 'scope' | 'targetOf'>,
  type: string,
): Promise<FigureByList> {
  const window = roundWindow(query);
  const { condition } = figureRows(figure, window);
  const rows = await queryRows(
    db,
    sql`WITH ${rowFacts({ ownerId }, window)}
      SELECT s.id AS list_id, s.name AS list_name, count(fd.investor_id) FILTER (WHERE ${condition} AND ${ofType(type)})::int AS count
      FROM scope s LEFT JOIN fd ON fd.list_id = s.id GROUP BY s.id, s.name ORDER BY s.id`,
  );
  return rows.map((row) => ({ list_id: Number(row.list_id), list_name: String(row.list_name), count: Number(row.count) }));
}

type FigureByList = Array<{ list_id: number; list_name: string; count: number }>;

/** How many rows `figure` counts in a summary of one list (of investors of `type`: the Response panel's groups). */
function countIn(merged: MergedRound, figure: RoundFigure, type: string | null): number {
  const [kind, stage] = figure.split(':') as [string, FunnelStage | undefined];
  if (type !== null) return merged.byType.find((group) => group.label === type)?.[kind as 'contacted' | 'answered'] ?? 0;
  const { funnel, committed, response } = merged.summary;
  switch (kind) {
    case 'reached':
      return funnel.stages.find((each) => each.stage === stage)!.reached;
    case 'passed':
      return funnel.passed.find((each) => each.stage === stage)!.count;
    case 'at':
      return stage === 'term_sheet' ? committed.term_sheet_rows : committed.committed_rows;
    case 'contacted':
    case 'answered':
      return response[kind];
    default:
      return merged[kind as 'cold' | 'overdue' | 'engaged'].total;
  }
}

/**
 * How many rows of each of the owner's investor lists `read` found (the summary's "all lists", in id order, zeros
 * too) are behind `figure` (of investors of `type` only, when given): each list's figure in a summary of that list
 * alone, from the parts the summary sums (kept, or counted anew once for both).
 */
export async function roundFigureByList(
  db: Db,
  query: RoundQuery & { scope: { ownerId: number } },
  read: RoundRead,
  parts: ListParts,
  figure: RoundFigure,
  type: string | null = null,
): Promise<FigureByList> {
  if (type !== null && figure !== 'contacted' && figure !== 'answered') return countedByList(db, query.scope.ownerId, figure, query, type);
  const sums = await roundParts(db, query, read, parts);
  const input = mergeInput(query, read, sums);
  const decks = new Map<number, DeckRead[]>();
  for (const deck of sums.decks) {
    const reads = decks.get(deck.list_id);
    if (reads) reads.push(deck);
    else decks.set(deck.list_id, [deck]);
  }
  return sums.lists.map((list) => ({
    list_id: list.id,
    list_name: list.name,
    count: countIn(mergeRound({ ...input, lists: [list], decks: decks.get(list.id) ?? [] }), figure, type),
  }));
}
