// An import lands all its rows or none, in one transaction of the list's (its row lock held, its activity and
// event written beside it), set-based: a few statements whatever the number of rows. Undo, within
// IMPORT_UNDO_HOURS, removes what it added and puts back what it changed, from what it stored (import-effects.ts).
// Each row's activity is logged, but the list's live streams are told once, not once a row (CHANGED_MANY).
import { and, eq, sql } from 'drizzle-orm';
import { CONTACT_FIELDS } from '../../../shared/contacts.js';
import { INVESTOR_FIELDS } from '../../../shared/catalogue-fields.js';
import { IMPORT_UNDO_HOURS, UNDO_MESSAGES, type ImportCommitRow, type ImportResult, type ImportRowError, type UndoResult } from '../../../shared/imports.js';
import { NOTES_PER_ROW_MAX, type PipelineStage } from '../../../shared/pipeline.js';
import type { RowChanges } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { limitStatements } from '../../db/statement-timeout.js';
import { listImports, lists } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { addableInvestors, assertRoomForContacts } from '../contacts/contact-store.js';
import { CHANGED_MANY, type ActivityRecord, type ChangeLog } from '../lists/change-log.js';
import { changeList, type ListCaller, type ListWriter } from '../lists/list-change.js';
import { forgetEntryTexts, forgetRowTexts } from '../pipeline/entry-texts.js';
import type { ImportEffects, PipelineBefore } from './import-effects.js';
import { checkRow, type CheckedRow, type PipelineValues } from './import-rows.js';
import { assertInvestorList } from './preview.js';
import { IMPORT_STATEMENT_MS } from './statement-budget.js';

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const idsIn = (ids: number[]) => sql`(SELECT value::integer FROM jsonb_array_elements_text(${json(ids)}))`;

/** Rows written a statement at a time stay well inside PostgreSQL's 65,535 parameters. */
const CHUNK = 2000;

async function inChunks<T>(items: T[], write: (chunk: T[]) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += CHUNK) await write(items.slice(start, start + CHUNK));
}

async function writeLog(log: ChangeLog, activity: ActivityRecord[]): Promise<void> {
  await inChunks(activity, (chunk) => log.activity(chunk));
  await log.events([CHANGED_MANY]);
}

function rowsError(problems: Array<{ row: number; errors: ImportRowError[] }>): HttpError {
  const shown = problems.slice(0, 10).map(({ row, errors }) => `row ${row}: ${errors.map((e) => e.detail).join('; ')}`);
  const more = problems.length > 10 ? `; and ${problems.length - 10} more rows` : '';
  const rows = problems.length === 1 ? '1 row has errors' : `${problems.length} rows have errors`;
  return new HttpError(422, `Nothing was imported: ${rows} (rows numbered from 0). ${shown.join('. ')}${more}`);
}

type Decided = CheckedRow & { decision: ImportCommitRow['decision'] };

/** The SQL type of each contact column, for reading rows out of JSON. */
const CONTACT_COLUMN_TYPES = CONTACT_FIELDS.map((field) => {
  const { kind } = INVESTOR_FIELDS[field];
  return `${field} ${kind === 'list' ? 'text[]' : kind === 'number' ? 'double precision' : 'text'}`;
}).join(', ');

/** Creates the private contacts of these rows, owned by the user; answers their ids, in the rows' order. */
async function createContacts(tx: Db, userId: number, rows: Decided[]): Promise<number[]> {
  if (rows.length === 0) return [];
  await assertRoomForContacts(tx, userId, rows.length);
  const ids = (await queryRows(tx, sql`SELECT nextval('investors_id_seq')::integer AS id FROM generate_series(1, ${rows.length})`)).map(
    (row) => Number(row.id),
  );
  const records = rows.map((row, i) => ({ ...row.contact, id: ids[i] }));
  const columns = CONTACT_FIELDS.join(', ');
  await inChunks(records, async (chunk) => {
    await tx.execute(
      sql`INSERT INTO private_contacts (id, owner_id, gender, ${sql.raw(columns)})
        SELECT r.id, ${userId}, 'NaN', ${sql.raw(CONTACT_FIELDS.map((f) => `r.${f}`).join(', '))}
        FROM jsonb_to_recordset(${json(chunk)}) AS r(id integer, ${sql.raw(CONTACT_COLUMN_TYPES)})`,
    );
  });
  return ids;
}

interface CurrentRow {
  investor_id: number;
  before: PipelineBefore;
  notes: number;
}

async function currentRows(tx: Db, listId: number, ids: number[]): Promise<Map<number, CurrentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows(
    tx,
    sql`SELECT investor_id, stage, follow_up_on::text, amount, stage_changed_at, follow_up_changed_at, amount_changed_at,
        updated_by, (SELECT count(*) FROM pipeline_notes n WHERE n.list_id = li.list_id AND n.investor_id = li.investor_id)::integer AS notes
      FROM list_investors li WHERE list_id = ${listId} AND investor_id IN ${idsIn(ids)}
      FOR UPDATE`,
  );
  const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
  return new Map(
    rows.map((row) => [
      Number(row.investor_id),
      {
        investor_id: Number(row.investor_id),
        notes: Number(row.notes),
        before: {
          stage: row.stage as PipelineStage,
          follow_up_on: row.follow_up_on as string | null,
          amount: row.amount === null ? null : Number(row.amount),
          stage_changed_at: iso(row.stage_changed_at),
          follow_up_changed_at: iso(row.follow_up_changed_at),
          amount_changed_at: iso(row.amount_changed_at),
          updated_by: row.updated_by === null ? null : Number(row.updated_by),
        },
      },
    ]),
  );
}

const PIPELINE_FIELDS = ['stage', 'follow_up_on', 'amount'] as const;
const ACTIONS = { stage: 'stage', follow_up_on: 'follow_up', amount: 'amount' } as const;

/** The pipeline fields the row sets to another value than the list row holds. */
function changesOf(pipeline: PipelineValues, before: PipelineBefore): RowChanges {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of PIPELINE_FIELDS) {
    const to = pipeline[field];
    if (to !== undefined && to !== before[field]) changes[field] = { from: before[field], to };
  }
  return changes as RowChanges;
}

/** An activity entry for each pipeline field a row's changes set (an import, or its undo setting it back). */
function fieldActivity(rows: Array<{ id: number; changes: RowChanges }>): ActivityRecord[] {
  return rows.flatMap(({ id, changes }) =>
    Object.entries(changes).map(([field, { from, to }]) => ({
      kind: 'investor' as const,
      itemId: id,
      action: ACTIONS[field as keyof typeof ACTIONS],
      detail: { from, to },
    })),
  );
}

/**
 * Imports the rows into a list the caller edits, as each row's decision says: link it to an investor the caller
 * may add (or update the row the list holds), create a private contact of it, or skip it. Any row in error (or
 * linking an investor an earlier row links, or one the caller may not add) refuses the whole import (422).
 */
export async function importRows(writer: ListWriter, caller: ListCaller, fileName: string, input: ImportCommitRow[]): Promise<ImportResult> {
  return changeList(writer, caller, 'edit', async (tx, { list }, log) => {
    await limitStatements(tx, IMPORT_STATEMENT_MS);
    assertInvestorList(list);
    const rows: Decided[] = input.map((row, i) => ({ ...checkRow(row, i), decision: row.decision }));
    const problems = new Map<number, ImportRowError[]>();
    const problem = (row: number, error: ImportRowError) => problems.set(row, [...(problems.get(row) ?? []), error]);
    const linkedBy = new Map<number, number>();
    for (const row of rows) {
      if (row.decision.action === 'skip') continue;
      for (const error of row.errors) problem(row.row, error);
      if (row.decision.action === 'create') for (const error of row.createErrors) problem(row.row, error);
      if (row.decision.action === 'link') {
        const earlier = linkedBy.get(row.decision.investor_id);
        if (earlier !== undefined) problem(row.row, { field: 'decision', detail: `Row ${earlier} links the same investor: skip one` });
        else linkedBy.set(row.decision.investor_id, row.row);
      }
    }
    const addable = await addableInvestors(tx, caller.userId, [...linkedBy.keys()], { lockForAdding: true });
    for (const [investorId, row] of linkedBy) {
      if (!addable.has(investorId)) problem(row, { field: 'decision', detail: `No investor ${investorId} can be added` });
    }
    const links = rows.filter((row) => row.decision.action === 'link');
    const creates = rows.filter((row) => row.decision.action === 'create');
    const investorOf = (row: Decided) => (row.decision as { investor_id: number }).investor_id;
    const current = await currentRows(tx, list.id, links.map(investorOf));
    for (const row of links) {
      const held = current.get(investorOf(row));
      if (held && row.pipeline.note && held.notes >= NOTES_PER_ROW_MAX) {
        problem(row.row, { field: 'pipeline.note', detail: `The list's row holds ${NOTES_PER_ROW_MAX} notes already` });
      }
    }
    if (problems.size > 0) {
      throw rowsError([...problems].sort((a, b) => a[0] - b[0]).map(([row, errors]) => ({ row, errors })));
    }

    const at = new Date();
    const createdIds = await createContacts(tx, caller.userId, creates);
    const fresh = [
      ...links.filter((row) => !current.has(investorOf(row))).map((row) => ({ row, id: investorOf(row) })),
      ...creates.map((row, i) => ({ row, id: createdIds[i] })),
    ].sort((a, b) => a.row.row - b.row.row);
    const updated: Array<{ row: Decided; id: number; changes: RowChanges; before: PipelineBefore }> = [];
    let skipped = rows.length - links.length - creates.length;
    for (const row of links) {
      const held = current.get(investorOf(row));
      if (!held) continue;
      const changes = changesOf(row.pipeline, held.before);
      if (Object.keys(changes).length === 0 && !row.pipeline.note) skipped += 1;
      else updated.push({ row, id: investorOf(row), changes, before: held.before });
    }

    // New rows in the file's order: each added a microsecond after the one before it.
    await inChunks(
      fresh.map(({ row, id }, order) => ({ id, order, ...row.pipeline })),
      async (chunk) => {
        await tx.execute(sql`INSERT INTO list_investors (list_id, investor_id, added_at, stage, follow_up_on, amount, updated_by)
          SELECT ${list.id}, r.id, ${at.toISOString()}::timestamptz + r.order * interval '1 microsecond',
            coalesce(r.stage, 'lead'), r.follow_up_on, r.amount, ${caller.userId}
          FROM jsonb_to_recordset(${json(chunk)}) AS r(id integer, "order" integer, stage text, follow_up_on date, amount bigint)`);
      },
    );
    const atTime = sql`${at.toISOString()}::timestamptz`;
    await inChunks(
      updated.map(({ id, changes }) => ({
        id,
        sets: Object.keys(changes),
        stage: changes.stage?.to ?? null,
        follow_up_on: changes.follow_up_on?.to ?? null,
        amount: changes.amount?.to ?? null,
      })),
      async (chunk) => {
        await tx.execute(sql`UPDATE list_investors li SET
            stage = CASE WHEN r.sets ? 'stage' THEN r.stage ELSE li.stage END,
            stage_changed_at = CASE WHEN r.sets ? 'stage' THEN ${atTime} ELSE li.stage_changed_at END,
            follow_up_on = CASE WHEN r.sets ? 'follow_up_on' THEN r.follow_up_on ELSE li.follow_up_on END,
            follow_up_changed_at = CASE WHEN r.sets ? 'follow_up_on' THEN ${atTime} ELSE li.follow_up_changed_at END,
            amount = CASE WHEN r.sets ? 'amount' THEN r.amount ELSE li.amount END,
            amount_changed_at = CASE WHEN r.sets ? 'amount' THEN ${atTime} ELSE li.amount_changed_at END,
            updated_by = CASE WHEN jsonb_array_length(r.sets) > 0 THEN ${caller.userId} ELSE li.updated_by END
          FROM jsonb_to_recordset(${json(chunk)}) AS r(id integer, sets jsonb, stage text, follow_up_on date, amount bigint)
          WHERE li.list_id = ${list.id} AND li.investor_id = r.id`);
      },
    );
    const noted = [...fresh, ...updated].filter(({ row }) => row.pipeline.note).map(({ row, id }) => ({ id, body: row.pipeline.note! }));
    const notes: Array<{ id: number; investor_id: number; body: string }> = [];
    await inChunks(noted, async (chunk) => {
      const added = await queryRows(
        tx,
        sql`INSERT INTO pipeline_notes (list_id, investor_id, user_id, body, created_at)
          SELECT ${list.id}, r.id, ${caller.userId}, r.body, ${at.toISOString()}::timestamptz
          FROM jsonb_to_recordset(${json(chunk)}) AS r(id integer, body text)
          RETURNING id, investor_id, body`,
      );
      notes.push(...added.map((n) => ({ id: Number(n.id), investor_id: Number(n.investor_id), body: n.body as string })));
    });

    const freshIds = new Set(fresh.map((f) => f.id));
    const activity: ActivityRecord[] = [
      ...fresh.map(({ id }) => ({ kind: 'investor' as const, itemId: id, action: 'imported' as const, detail: { file_name: fileName } })),
      ...fieldActivity(updated),
      ...notes.map((note) => ({
        kind: 'investor' as const,
        itemId: note.investor_id,
        action: 'note_added' as const,
        detail: { note: { id: note.id, body: note.body } },
      })),
    ];
    await writeLog(log, activity);
    await tx.update(lists).set({ updated_at: at }).where(eq(lists.id, list.id));
    const effects: ImportEffects = {
      at: at.toISOString(),
      added: fresh.filter(({ row }) => row.decision.action === 'link').map(({ id }) => id),
      created: createdIds,
      updated: updated.map(({ id, before }) => ({ investor_id: id, before })),
      notes: notes.filter((note) => !freshIds.has(note.investor_id)).map((note) => note.id),
      skipped,
    };
    const [stored] = await tx
      .insert(listImports)
      .values({ list_id: list.id, user_id: caller.userId, file_name: fileName, effects, created_at: at })
      .returning({ id: listImports.id });
    return { id: stored.id, added: effects.added.length, created: createdIds.length, updated: updated.length, skipped };
  });
}

/**
 * Undoes an import of the list, within IMPORT_UNDO_HOURS of it (410 after, or once undone), for the member who
 * imported it or the list's owner (403 for another editor): its rows leave the list (with their notes, whoever wrote
 * them: the confirmation names other members' work, undoable-imports.ts) unless removed and added again since, each
 * field it changed goes back unless changed again since, the notes it added to rows already there are deleted, and
 * the private contacts it created are deleted if the caller owns them and they are on no list now. Answers what it
 * did and what it kept.
 */
export async function undoImport(writer: ListWriter, caller: ListCaller, importId: number): Promise<UndoResult> {
  return changeList(writer, caller, 'edit', async (tx, { list }, log) => {
    assertInvestorList(list);
    const [found] = await tx
      .select({
        effects: listImports.effects,
        user_id: listImports.user_id,
        undone_at: listImports.undone_at,
        expired: sql<boolean>`${listImports.created_at} < now() - make_interval(hours => ${IMPORT_UNDO_HOURS})`,
      })
      .from(listImports)
      .where(and(eq(listImports.id, importId), eq(listImports.list_id, list.id)))
      .for('update');
    if (!found) throw new HttpError(404, 'Import not found');
    if (found.user_id !== caller.userId && list.user_id !== caller.userId) throw new HttpError(403, UNDO_MESSAGES.notYours);
    if (found.undone_at) throw new HttpError(410, 'This import was undone already');
    if (found.expired) throw new HttpError(410, `An import can be undone for ${IMPORT_UNDO_HOURS} hours; this one is older`);
    const { effects } = found;
    const added = [...effects.added, ...effects.created];

    // Only the rows as the import added them (at its time, a microsecond apart): one removed since and added
    // again by hand is that later addition, and stays.
    const removed = added.length === 0 ? [] : await queryRows(
      tx,
      sql`DELETE FROM list_investors WHERE list_id = ${list.id} AND investor_id IN ${idsIn(added)}
        AND added_at BETWEEN ${effects.at}::timestamptz AND ${effects.at}::timestamptz + ${added.length - 1} * interval '1 microsecond'
        RETURNING investor_id`,
    );
    const removedIds = removed.map((row) => Number(row.investor_id));
    const deletedNotes = effects.notes.length === 0 ? [] : await queryRows(
      tx,
      sql`DELETE FROM pipeline_notes WHERE list_id = ${list.id} AND id IN ${idsIn(effects.notes)} RETURNING id, investor_id`,
    );
    // A removed row's notes and touches went with it (by cascade); a note the import added to a kept row went by id.
    if (removedIds.length > 0) await forgetRowTexts(tx, { listId: list.id, kind: 'investor', itemId: removedIds });
    if (deletedNotes.length > 0) await forgetEntryTexts(tx, 'note', { listId: list.id, id: deletedNotes.map((note) => Number(note.id)) });

    const restored = await restoreFields(tx, list.id, effects);
    const deletedContacts = effects.created.length === 0 ? [] : await queryRows(
      tx,
      sql`DELETE FROM private_contacts p WHERE p.id IN ${idsIn(effects.created)} AND p.owner_id = ${caller.userId}
        AND NOT EXISTS (SELECT 1 FROM list_investors li WHERE li.investor_id = p.id) RETURNING id`,
    );
    const activity: ActivityRecord[] = [
      ...removedIds.map((id) => ({ kind: 'investor' as const, itemId: id, action: 'removed' as const })),
      ...deletedNotes.map((note) => ({ kind: 'investor' as const, itemId: Number(note.investor_id), action: 'note_deleted' as const })),
      ...fieldActivity(restored),
    ];
    await writeLog(log, activity);
    await tx.update(lists).set({ updated_at: new Date() }).where(eq(lists.id, list.id));
    await tx.update(listImports).set({ undone_at: new Date() }).where(eq(listImports.id, importId));
    return {
      removed: removedIds.length,
      restored: restored.length,
      notes_deleted: deletedNotes.length,
      contacts_deleted: deletedContacts.length,
      kept: { rows: added.length - removedIds.length, contacts: effects.created.length - deletedContacts.length },
    };
  });
}

/** Puts back each field the import set on rows the list held before it, unless changed since; answers what changed. */
async function restoreFields(tx: Db, listId: number, effects: ImportEffects): Promise<Array<{ id: number; changes: RowChanges }>> {
  if (effects.updated.length === 0) return [];
  const now = await currentRows(tx, listId, effects.updated.map((u) => u.investor_id));
  const at = new Date(effects.at).toISOString();
  const restored: Array<{ id: number; changes: RowChanges; before: PipelineBefore; fields: string[] }> = [];
  for (const { investor_id: id, before } of effects.updated) {
    const held = now.get(id);
    if (!held) continue;
    const fields = PIPELINE_FIELDS.filter((field) => held.before[`${field === 'follow_up_on' ? 'follow_up' : field}_changed_at`] === at);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of fields) if (held.before[field] !== before[field]) changes[field] = { from: held.before[field], to: before[field] };
    if (fields.length > 0) restored.push({ id, changes: changes as RowChanges, before, fields });
  }
  await inChunks(restored, async (chunk) => {
    await tx.execute(sql`UPDATE list_investors li SET
        stage = CASE WHEN r.fields ? 'stage' THEN r.stage ELSE li.stage END,
        stage_changed_at = CASE WHEN r.fields ? 'stage' THEN r.stage_changed_at ELSE li.stage_changed_at END,
        follow_up_on = CASE WHEN r.fields ? 'follow_up_on' THEN r.follow_up_on ELSE li.follow_up_on END,
        follow_up_changed_at = CASE WHEN r.fields ? 'follow_up_on' THEN r.follow_up_changed_at ELSE li.follow_up_changed_at END,
        amount = CASE WHEN r.fields ? 'amount' THEN r.amount ELSE li.amount END,
        amount_changed_at = CASE WHEN r.fields ? 'amount' THEN r.amount_changed_at ELSE li.amount_changed_at END,
        updated_by = r.updated_by
      FROM jsonb_to_recordset(${json(chunk.map(({ id, before, fields }) => ({ id, fields, ...before })))}) AS r(id integer, fields jsonb,
        stage text, stage_changed_at timestamptz, follow_up_on date, follow_up_changed_at timestamptz, amount bigint,
        amount_changed_at timestamptz, updated_by integer)
      WHERE li.list_id = ${listId} AND li.investor_id = r.id`);
  });
  return restored.filter((r) => Object.keys(r.changes).length > 0).map(({ id, changes }) => ({ id, changes }));
}

