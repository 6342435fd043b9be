import { Type } from '@sinclair/typebox';
import {
  FOLLOW_UP_DUE,
  NOTE_MAX_LENGTH,
  NOTES_PAGE_DEFAULT,
  NOTES_PAGE_MAX,
  NOTES_PER_ROW_MAX,
  PIPELINE_STAGES,
} from '../../../shared/pipeline.js';
import { idParams, isoDate, isoTime, itemParams, nullable, resourceId, stringEnum, userCall, userChange } from '../../plugins/validation.js';
import { LIST_ROLES } from '../../../shared/teams.js';

// TypeBox schemas of the pipeline calls: the route handlers' types come from them.

/** A trillion dollars: beyond any round, and well inside JavaScript's exact integers. */
export const AMOUNT_MAX = 1_000_000_000_000;

export const Stage = stringEnum(PIPELINE_STAGES, 'Where the conversation stands');

/** A user as other members see them. */
export const PersonSchema = Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() });
export const PersonOrNull = nullable(PersonSchema);

export const Note = Type.Object({
  id: Type.Integer(),
  body: Type.String(),
  created_at: isoTime,
  author: PersonOrNull,
});

/** A row's deck line (issue 47): its link read most lately. */
export const RowDeckSchema = Type.Object({
  link_id: Type.Integer(),
  last_visit_at: Type.String({ format: 'date-time', description: 'When the latest visit began' }),
  total_ms: Type.Integer({ description: 'Time read over every visit of the link' }),
  pages_reached: Type.Integer({ description: 'Distinct pages read for at least a second' }),
  page_count: Type.Integer(),
});

export const Pipeline = Type.Object({
  stage: Stage,
  follow_up_on: nullable(isoDate),
  amount: nullable(Type.Integer(), { description: 'Whole US dollars' }),
  note_count: Type.Integer(),
  latest_note: nullable(Note),
  updated_at: Type.String({ format: 'date-time', description: 'The last stage, follow-up or amount change' }),
  updated_by: nullable(PersonSchema, { description: 'Who made the last change (or added the row)' }),
  last_contacted_at: nullable(isoTime, {
    description: 'The latest touch: a mail captured either way, or a call, meeting or message logged',
  }),
  answered_at: nullable(isoTime, { description: 'When the investor last answered' }),
  deck: nullable(RowDeckSchema, { description: "The row's deck link read most lately; null while none was read, and on a fund's row" }),
});

const NoteParams = Type.Object({ ...itemParams.properties, noteId: resourceId }, { additionalProperties: false });

const PipelineField = stringEnum(['stage', 'follow_up_on', 'amount'] as const);

export function patchRowSchema(noun: string) {
  return userChange({
    summary: `Change the stage, next follow-up or amount of an ${noun} on a list`,
    description:
      'Any of the three fields; per field the latest change wins, by `changed_at` (the time the change was made on ' +
      'the device; default now, and a time after now counts as now). `superseded` names the sent fields a later ' +
      `change kept instead. An ${noun} not on the list, or a list of the other type, is a 404.`,
    params: itemParams,
    body: Type.Object(
      {
        stage: Type.Optional(Stage),
        follow_up_on: Type.Optional(nullable(isoDate)),
        amount: Type.Optional(
          nullable(Type.Integer({ minimum: 0, maximum: AMOUNT_MAX }), { description: 'Whole US dollars' }),
        ),
        changed_at: Type.Optional(isoTime),
      },
      { additionalProperties: false },
    ),
    response: { 200: Type.Object({ pipeline: Pipeline, superseded: Type.Array(PipelineField) }) },
  });
}

export function listNotesSchema(noun: string) {
  return userCall({
    summary: `The notes on an ${noun} in a list, newest first, a page at a time`,
    description:
      `At most \`limit\` notes (default ${NOTES_PAGE_DEFAULT}, at most ${NOTES_PAGE_MAX}); the next page is \`before\` the ` +
      'last note of this one. A page shorter than `limit` is the last.',
    params: itemParams,
    querystring: Type.Object(
      {
        limit: Type.Integer({ minimum: 1, maximum: NOTES_PAGE_MAX, default: NOTES_PAGE_DEFAULT }),
        before: Type.Optional(Type.Integer({ minimum: resourceId.minimum, maximum: resourceId.maximum, description: 'The id of a note on this row: the notes older than it' })),
      },
      { additionalProperties: false },
    ),
    response: { 200: Type.Array(Note) },
  });
}

export function addNoteSchema(noun: string) {
  return userChange({
    summary: `Add a note to an ${noun} in a list`,
    description: `The body is trimmed and must then hold 1 to ${NOTE_MAX_LENGTH} characters. A row holds at most ${NOTES_PER_ROW_MAX} notes (422).`,
    params: itemParams,
    body: Type.Object({ body: Type.String({ maxLength: NOTE_MAX_LENGTH * 2 }) }, { additionalProperties: false }),
    response: { 201: Note },
  });
}

export function deleteNoteSchema(noun: string) {
  return userChange({
    summary: `Delete one of your notes on an ${noun} in a list`,
    params: NoteParams,
    response: { 204: Type.Null() },
  });
}


export const followUpsSchema = userCall({
  summary: 'Rows of the lists you own or edit whose follow-up is overdue, due today or due in the next 7 days',
  description:
    '`due` is repeatable or a comma-separated list of overdue, today and week (default: all three). "Today" is the ' +
    "server's date, or `today` (the device's date) when that is within one day of it. Ordered by date, then name.",
  querystring: Type.Object(
    {
      due: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 })),
      today: Type.Optional(isoDate),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Array(
      Type.Object({
        list_id: Type.Integer(),
        list_name: Type.String(),
        list_type: stringEnum(['investor', 'fund'] as const),
        item_id: Type.Integer(),
        name: Type.String(),
        firm_name: Type.String(),
        due: stringEnum(FOLLOW_UP_DUE),
        pipeline: Pipeline,
      }),
    ),
  },
});

export function membershipsSchema(noun: string) {
  return userCall({
    summary: `The lists you are on holding this ${noun}, with your role and its pipeline in each`,
    params: idParams,
    response: {
      200: Type.Array(
        Type.Object({
          list_id: Type.Integer(),
          list_name: Type.String(),
          role: stringEnum(LIST_ROLES, "The caller's role on the list"),
          pipeline: Pipeline,
        }),
      ),
    },
  });
}
