import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListType } from '../../../shared/api-types.js';
import type { RowDeck } from '../../../shared/decks.js';
import type { Pipeline, PipelineStage } from '../../../shared/pipeline.js';
import type { Person } from '../../../shared/teams.js';
import { epochMs } from '../../db/epoch-ms.js';
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
 * A row's pipeline as one JSON object, its times in ms since 1970 (what toPipeline answers): for any number of rows
 * in one statement (the note count and latest note are subqueries on the notes' index). `updated_ms` is the last
 * change, or when the row was added if nothing has changed since; a fund's row has no deck line (decks go to investors).
 */
export function pipelineJson(table: PipelineTable): SQL<PipelineJson> {
  const { link } = table;
  const notes = notesOfRow(table);
  return sql`json_build_object(
    'stage', ${link.stage},
    'follow_up_on', ${link.follow_up_on},
    'amount', ${link.amount},
    'note_count', (SELECT count(*) FROM ${pipelineNotes} WHERE ${notes}),
    'latest_note', (SELECT json_build_object(
        'id', ${pipelineNotes.id},
        'body', ${pipelineNotes.body},
        'created_ms', ${epochMs(pipelineNotes.created_at)},
        'author', ${personJson(pipelineNotes.user_id)}
      ) FROM ${pipelineNotes} WHERE ${notes}
      ORDER BY ${pipelineNotes.created_at} DESC, ${pipelineNotes.id} DESC LIMIT 1),
    'updated_ms', ${epochMs(sql`coalesce(greatest(${link.stage_changed_at}, ${link.follow_up_changed_at}, ${link.amount_changed_at}), ${link.added_at})`)},
    'updated_by', ${personJson(link.updated_by)},
    'last_contacted_ms', ${epochMs(link.last_contacted_at)},
    'answered_ms', ${epochMs(link.answered_at)},
    'deck', ${link === listInvestors ? listInvestors.deck : sql`NULL::jsonb`}
  )`;
}

/** What a select needs to answer a row's pipeline, as `pipeline` beside the row's own columns: pipelineJson's text. */
export function pipelineSelection(table: PipelineTable) {
  return { pipeline: sql<string>`${pipelineJson(table)}::text` };
}

export interface PipelineRow {
  pipeline: string;
}

/** pipelineJson as read. */
export interface PipelineJson {
  stage: PipelineStage;
  follow_up_on: string | null;
  amount: number | null;
  note_count: number;
  latest_note: { id: number; body: string; created_ms: number; author: Person | null } | null;
  updated_ms: number;
  updated_by: Person | null;
  last_contacted_ms: number | null;
  answered_ms: number | null;
  deck: RowDeck | null;
}

const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toPipeline(read: PipelineJson): Pipeline {
  const note = read.latest_note;
  return {
    stage: read.stage,
    follow_up_on: read.follow_up_on,
    amount: read.amount === null ? null : Number(read.amount),
    note_count: read.note_count,
    latest_note: note && { id: note.id, body: note.body, created_at: isoOf(note.created_ms)!, author: note.author },
    updated_at: isoOf(read.updated_ms)!,
    updated_by: read.updated_by,
    last_contacted_at: isoOf(read.last_contacted_ms),
    answered_at: isoOf(read.answered_ms),
    deck: read.deck ?? null,
  };
}

/** Splits a row read with pipelineSelection into its own fields and its pipeline. */
export function withoutPipeline<T extends PipelineRow>(row: T): { fields: Omit<T, keyof PipelineRow>; pipeline: Pipeline } {
  const { pipeline, ...fields } = row;
  return { fields, pipeline: toPipeline(JSON.parse(pipeline) as PipelineJson) };
}
