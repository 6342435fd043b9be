import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListType } from '../../../shared/api-types.js';
import type { RowDeck } from '../../../shared/decks.js';
import type { Pipeline, PipelineNote, PipelineStage } from '../../../shared/pipeline.js';
import type { Person } from '../../../shared/teams.js';
import { listFunds, listInvestors, pipelineNotes, users } from '../../db/schema.js';

/** The pipeline columns of a list's link table, and which column of a note names the row. */
export interface PipelineTable {
  link: typeof listInvestors | typeof listFunds;
  listId: AnyPgColumn;
  itemId: AnyPgColumn;
  noteItemId: AnyPgColumn;
}

export const PIPELINE_TABLES: Record<ListType, PipelineTable> = {
  investor: {
    link: listInvestors,
    listId: listInvestors.list_id,
    itemId: listInvestors.investor_id,
    noteItemId: pipelineNotes.investor_id,
  },
  fund: {
    link: listFunds,
    listId: listFunds.list_id,
    itemId: listFunds.fund_id,
    noteItemId: pipelineNotes.fund_id,
  },
};

/** The user of an id column as JSON (`{id, first_name, last_name}`), or null: a correlated subquery. */
export function personJson(id: AnyPgColumn): SQL<Person | null> {
  return sql`(SELECT json_build_object('id', person.id, 'first_name', person.first_name, 'last_name', person.last_name)
    FROM ${users} person WHERE person.id = ${id})`;
}

/** The notes of the row a link-table row stands for, in a correlated subquery. */
function notesOfRow(table: PipelineTable): SQL {
  return and(eq(pipelineNotes.list_id, table.listId), eq(table.noteItemId, table.itemId))!;
}

/**
 * What a select needs to answer a row's pipeline, prefixed `pipeline_` beside the row's own columns: one
 * statement for any number of rows (the note count and latest note are subqueries on the notes' index).
 */
export function pipelineSelection(table: PipelineTable) {
  const { link } = table;
  const notes = notesOfRow(table);
  return {
    pipeline_stage: link.stage,
    pipeline_follow_up_on: link.follow_up_on,
    pipeline_amount: link.amount,
    pipeline_note_count: sql<number>`(SELECT count(*) FROM ${pipelineNotes} WHERE ${notes})::int`,
    pipeline_latest_note: sql<string | null>`(SELECT json_build_object(
        'id', ${pipelineNotes.id},
        'body', ${pipelineNotes.body},
        'created_ms', floor(extract(epoch FROM ${pipelineNotes.created_at}) * 1000),
        'author', ${personJson(pipelineNotes.user_id)}
      )::text FROM ${pipelineNotes} WHERE ${notes}
      ORDER BY ${pipelineNotes.created_at} DESC, ${pipelineNotes.id} DESC LIMIT 1)`,
    // The last change, or when the row was added if nothing has changed since.
    pipeline_updated_at: sql<Date>`coalesce(
        greatest(${link.stage_changed_at}, ${link.follow_up_changed_at}, ${link.amount_changed_at}),
        ${link.added_at}
      )`.mapWith(link.added_at),
    pipeline_updated_by: sql<string | null>`${personJson(link.updated_by)}::text`,
    pipeline_last_contacted_at: link.last_contacted_at,
    pipeline_answered_at: link.answered_at,
    // A fund's row has no deck line: decks go to investors.
    pipeline_deck: link === listInvestors ? listInvestors.deck : sql<RowDeck | null>`NULL::jsonb`,
  };
}

export interface PipelineRow {
  pipeline_stage: PipelineStage;
  pipeline_follow_up_on: string | null;
  pipeline_amount: number | null;
  pipeline_note_count: number;
  pipeline_latest_note: string | null;
  pipeline_updated_at: Date;
  pipeline_updated_by: string | null;
  pipeline_last_contacted_at: Date | null;
  pipeline_answered_at: Date | null;
  pipeline_deck: RowDeck | null;
}

export function toPipeline(row: PipelineRow): Pipeline {
  let latest: PipelineNote | null = null;
  if (row.pipeline_latest_note !== null) {
    const note = JSON.parse(row.pipeline_latest_note) as { id: number; body: string; created_ms: number; author: Person | null };
    latest = { id: note.id, body: note.body, created_at: new Date(note.created_ms).toISOString(), author: note.author };
  }
  return {
    stage: row.pipeline_stage,
    follow_up_on: row.pipeline_follow_up_on,
    amount: row.pipeline_amount === null ? null : Number(row.pipeline_amount),
    note_count: row.pipeline_note_count,
    latest_note: latest,
    updated_at: row.pipeline_updated_at.toISOString(),
    updated_by: row.pipeline_updated_by === null ? null : (JSON.parse(row.pipeline_updated_by) as Person),
    last_contacted_at: row.pipeline_last_contacted_at?.toISOString() ?? null,
    answered_at: row.pipeline_answered_at?.toISOString() ?? null,
    deck: row.pipeline_deck ?? null,
  };
}

/** Splits a row read with pipelineSelection into its own fields and its pipeline. */
export function withoutPipeline<T extends PipelineRow>(row: T): { fields: Omit<T, keyof PipelineRow>; pipeline: Pipeline } {
  const fields = Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith('pipeline_')));
  return { fields: fields as Omit<T, keyof PipelineRow>, pipeline: toPipeline(row) };
}
