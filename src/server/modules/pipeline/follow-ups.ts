import { and, asc, eq, gt, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { dueOn, FOLLOW_UP_WEEK_DAYS, type FollowUpDue, type FollowUpRow, type ListMembership } from '../../../shared/pipeline.js';
import type { Db } from '../../db/client.js';
import { listMembers, lists } from '../../db/schema.js';
import { seesInvestorId } from '../contacts/contact-store.js';
import { HttpError } from '../../plugins/error-handler.js';
import { LIST_KINDS, type ListKind } from '../lists/list-kinds.js';
import { editsList, isMemberOf, roleOf } from '../lists/list-access.js';
import { addDays } from '../../../shared/days.js';
import { PIPELINE_TABLES, pipelineSelection, withoutPipeline } from './pipeline-columns.js';


/** The name a row goes by: an investor's "first last", a fund's firm. */
function nameOf(kind: ListKind): SQL<string> {
  const { firstName, lastName, firmName } = kind.rows;
  return firstName && lastName ? sql<string>`${firstName} || ' ' || ${lastName}` : sql<string>`${firmName}`;
}

function dueCondition(kind: ListKind, due: ReadonlySet<FollowUpDue>, today: string): SQL {
  const on = PIPELINE_TABLES[kind.type].link.follow_up_on;
  const windows: SQL[] = [];
  if (due.has('overdue')) windows.push(lt(on, today));
  if (due.has('today')) windows.push(eq(on, today));
  if (due.has('week')) windows.push(and(gt(on, today), lte(on, addDays(today, FOLLOW_UP_WEEK_DAYS)))!);
  return and(isNotNull(on), or(...windows))!;
}

async function followUpsOfKind(db: Db, userId: number, kind: ListKind, due: ReadonlySet<FollowUpDue>, today: string) {
  const table = PIPELINE_TABLES[kind.type];
  const wanted = and(editsList(userId), dueCondition(kind, due, today));
  // Each row read by its key: joined whole to the investors' view (two tables), PostgreSQL expected most of the
  // catalogue, read every investor at 1M and compiled the plan (seconds for a founder's few rows due).
  const ids = db.select({ id: table.itemId }).from(table.link).innerJoin(lists, eq(lists.id, table.listId)).where(wanted);
  const rows = await db
    .select({
      list_id: lists.id,
      list_name: lists.name,
      item_id: kind.rows.id,
      name: nameOf(kind),
      firm_name: kind.rows.firmName,
      ...pipelineSelection(table),
    })
    .from(table.link)
    .innerJoin(lists, eq(lists.id, table.listId))
    .innerJoin(kind.rows.table as PgTable, eq(kind.rows.id, table.itemId))
    .where(and(wanted, sql`${kind.rows.id} = ANY (ARRAY(${ids}))`));
  return rows.map((row): FollowUpRow => {
    const { fields, pipeline } = withoutPipeline(row);
    return {
      ...(fields as Omit<FollowUpRow, 'list_type' | 'due' | 'pipeline'>),
      list_type: kind.type,
      // The statement kept only rows due in one of the windows.
      due: dueOn(pipeline.follow_up_on!, today)!,
      pipeline,
    };
  });
}

/** The caller's rows due as asked, across the lists they own or edit: by date, then name (then list, then row). */
export async function followUps(db: Db, userId: number, due: ReadonlySet<FollowUpDue>, today: string): Promise<FollowUpRow[]> {
  const rows = [
    ...(await followUpsOfKind(db, userId, LIST_KINDS.investor, due, today)),
    ...(await followUpsOfKind(db, userId, LIST_KINDS.fund, due, today)),
  ];
  return rows.sort(
    (a, b) =>
      a.pipeline.follow_up_on!.localeCompare(b.pipeline.follow_up_on!) ||
      a.name.localeCompare(b.name, 'en') ||
      a.list_id - b.list_id ||
      a.item_id - b.item_id,
  );
}

/**
 * The lists the caller is on holding this investor or fund, oldest list first, with the caller's role on each;
 * an id the catalogue lacks, or a private contact the caller may not see, is a 404.
 */
export async function memberships(db: Db, userId: number, kind: ListKind, itemId: number): Promise<ListMembership[]> {
  const table = PIPELINE_TABLES[kind.type];
  const rows = await db
    .select({ list_id: lists.id, list_name: lists.name, role: roleOf(userId), ...pipelineSelection(table) })
    .from(table.link)
    .innerJoin(lists, eq(lists.id, table.listId))
    .leftJoin(listMembers, and(eq(listMembers.list_id, lists.id), eq(listMembers.user_id, userId)))
    .where(and(isMemberOf(userId), eq(table.itemId, itemId)))
    .orderBy(asc(lists.id));
  if (rows.length === 0) {
    const found =
      kind.type === 'investor'
        ? await seesInvestorId(db, userId, itemId)
        : (await db.select({ id: kind.catalogue.id }).from(kind.catalogue.table as PgTable).where(eq(kind.catalogue.id, itemId))).length > 0;
    if (!found) throw new HttpError(404, `${kind.catalogue.noun} not found`);
  }
  return rows.map((row) => {
    const { fields, pipeline } = withoutPipeline(row);
    return { list_id: fields.list_id, list_name: fields.list_name, role: fields.role, pipeline };
  });
}
