import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Pipeline, PipelineField, PipelinePatchResult, PipelineStage } from '../../../shared/pipeline.js';
import type { ActivityAction, RowChanges } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/error-handler.js';
import type { ListKind } from '../lists/list-kinds.js';
import { listAccess, type ListNeed, type ListRow } from '../lists/list-access.js';
import type { ActivityRecord } from '../lists/change-log.js';
import { changeList, type ListWriter } from '../lists/list-change.js';
import { PIPELINE_TABLES, pipelineSelection, withoutPipeline, type PipelineTable } from './pipeline-columns.js';

/** One row of a list the caller is on, named by the path: /lists/{listId}/{investors|funds}/{itemId}. */
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
 * Checks that the caller may do what `need` says on the list (else 404, as for a list that does not exist, or
 * 403) and that it holds the row. A list of the other type holds no such row: also a 404.
 */
export async function assertRowOnList(db: Db, ref: RowRef, need: ListNeed = 'read'): Promise<PipelineTable> {
  const { list } = await listAccess(db, ref.userId, ref.listId, need);
  return rowTable(db, list, ref);
}

/** The pipeline table of a list holding the row, or a 404. */
export async function rowTable(db: Db, list: ListRow, ref: RowRef): Promise<PipelineTable> {
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
  return withoutPipeline(row).pipeline;
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

const ACTIONS: Record<PipelineField, ActivityAction> = { stage: 'stage', follow_up_on: 'follow_up', amount: 'amount' };

/**
 * Applies each sent field unless that field was changed later than this change was made (last change wins
 * per field, so two devices editing different fields both keep theirs); a sent field that loses is
 * `superseded`. The row is read and written under its lock, in the list's change transaction, and each
 * field whose value this changes is logged (activity and a row-changed event). `updated_by` becomes the
 * caller when this change is now the row's latest.
 */
export async function patchRow(writer: ListWriter, ref: RowRef, change: PipelineChange): Promise<PipelinePatchResult> {
  return changeList(writer, ref, 'edit', async (tx, { list }, log) => {
    if (list.list_type !== ref.kind.type) throw notOnList(ref);
    const table = PIPELINE_TABLES[list.list_type];
    const columns = fieldColumns(table);
    const selection = Object.fromEntries(
      FIELDS.flatMap((field) => [
        [field, columns[field].value],
        [`${field}_at`, columns[field].changedAt],
      ]),
    );
    const [old] = (await tx.select(selection).from(table.link).where(rowCondition(table, ref)).for('update')) as Array<
      Record<string, unknown>
    >;
    if (!old) throw notOnList(ref);
    const at = change.changedAt;
    const sent = FIELDS.filter((field) => change[field] !== undefined);
    const set: Record<string, unknown> = {};
    const superseded: PipelineField[] = [];
    const changes: RowChanges = {};
    const activity: ActivityRecord[] = [];
    for (const field of sent) {
      const changedAt = old[`${field}_at`] as Date | null;
      if (changedAt !== null && changedAt.getTime() > at.getTime()) {
        superseded.push(field);
        continue;
      }
      const from = old[field] === null ? null : field === 'amount' ? Number(old[field]) : old[field];
      const to = change[field] ?? null;
      set[columns[field].value.name] = to;
      set[columns[field].changedAt.name] = at;
      if (from !== to) {
        (changes as Record<string, unknown>)[field] = { from, to };
        activity.push({ kind: ref.kind.type, itemId: ref.itemId, action: ACTIONS[field], detail: { from, to } });
      }
    }
    if (Object.keys(set).length > 0) {
      const latest = Math.max(0, ...FIELDS.map((field) => (old[`${field}_at`] as Date | null)?.getTime() ?? 0));
      if (at.getTime() >= latest) set.updated_by = ref.userId;
      await tx.update(table.link).set(set).where(rowCondition(table, ref));
    }
    if (activity.length > 0) {
      await log.record(activity, [{ type: 'row-changed', data: { kind: ref.kind.type, item_id: ref.itemId, changes } }]);
    }
    return { pipeline: await rowPipeline(tx, table, ref), superseded };
  });
}
