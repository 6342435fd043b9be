import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Pipeline, PipelineField, PipelinePatchResult, PipelineStage } from '../../../shared/pipeline.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/error-handler.js';
import type { ListKind } from '../lists/list-kinds.js';
import { ownedList } from '../lists/list-store.js';
import { PIPELINE_TABLES, pipelineSelection, toPipeline, type PipelineRow, type PipelineTable } from './pipeline-columns.js';

/** One row of one of the caller's lists, named by the path: /lists/{listId}/{investors|funds}/{itemId}. */
export interface RowRef {
  userId: number;
  listId: number;
  kind: ListKind;
  itemId: number;
}

function rowCondition(table: PipelineTable, ref: RowRef): SQL {
  return and(eq(table.listId, ref.listId), eq(table.itemId, ref.itemId))!;
}

function notOnList(ref: RowRef): HttpError {
  return new HttpError(404, `${ref.kind.catalogue.noun} ${ref.itemId} is not in this list`);
}

/**
 * Checks that the list is the caller's (else 404, as for a list that does not exist) and holds the row.
 * A list of the other type holds no such row: also a 404.
 */
export async function assertRowOnList(db: Db, ref: RowRef): Promise<PipelineTable> {
  const list = await ownedList(db, ref.userId, ref.listId);
  if (list.list_type !== ref.kind.type) throw notOnList(ref);
  const table = PIPELINE_TABLES[list.list_type];
  const [row] = await db
    .select({ one: sql`1` })
    .from(table.link)
    .where(rowCondition(table, ref));
  if (!row) throw notOnList(ref);
  return table;
}

export async function rowPipeline(db: Db, table: PipelineTable, ref: RowRef): Promise<Pipeline> {
  const [row] = await db.select(pipelineSelection(table)).from(table.link).where(rowCondition(table, ref));
  if (!row) throw notOnList(ref);
  return toPipeline(row as PipelineRow);
}

export interface PipelineChange {
  stage?: PipelineStage;
  follow_up_on?: string | null;
  amount?: number | null;
  /** When the change was made; a time after `now` is taken as `now`. */
  changedAt: Date;
}

interface FieldColumns {
  value: AnyPgColumn;
  changedAt: AnyPgColumn;
}

function fieldColumns(table: PipelineTable): Record<PipelineField, FieldColumns> {
  const { link } = table;
  return {
    stage: { value: link.stage, changedAt: link.stage_changed_at },
    follow_up_on: { value: link.follow_up_on, changedAt: link.follow_up_changed_at },
    amount: { value: link.amount, changedAt: link.amount_changed_at },
  };
}

const FIELDS: PipelineField[] = ['stage', 'follow_up_on', 'amount'];

/**
 * Applies each sent field unless that field was changed later than this change was made (last change
 * wins per field, so two devices editing different fields both keep theirs). One UPDATE decides and
 * writes every field at once, so concurrent changes cannot interleave between a read and a write.
 * A sent field is superseded when its change time after the update is later than this change's.
 */
export async function patchRow(db: Db, ref: RowRef, change: PipelineChange): Promise<PipelinePatchResult> {
  const table = await assertRowOnList(db, ref);
  const columns = fieldColumns(table);
  const at = change.changedAt;
  const sent = FIELDS.filter((field) => change[field] !== undefined);
  const set: Record<string, SQL> = {};
  for (const field of sent) {
    const { value, changedAt } = columns[field];
    const wins = sql`(${changedAt} IS NULL OR ${changedAt} <= ${at.toISOString()}::timestamptz)`;
    set[value.name] = sql`CASE WHEN ${wins} THEN ${sql.param(change[field], value)} ELSE ${value} END`;
    set[changedAt.name] = sql`CASE WHEN ${wins} THEN ${at.toISOString()}::timestamptz ELSE ${changedAt} END`;
  }
  const changedAtColumns = Object.fromEntries(sent.map((field) => [field, columns[field].changedAt]));
  const updated = (await db
    .update(table.link)
    .set(set)
    .where(rowCondition(table, ref))
    .returning(changedAtColumns)) as Array<Record<string, Date>>;
  if (updated.length === 0) throw notOnList(ref);
  const superseded = sent.filter((field) => updated[0][field].getTime() > at.getTime());
  return { pipeline: await rowPipeline(db, table, ref), superseded };
}
