import { Type } from '@sinclair/typebox';
import { ACTIVITY_ACTIONS, ACTIVITY_LIMIT } from '../../../shared/teams.js';
import { isoTime, itemParams, nullable, stringEnum, userCall } from '../../plugins/validation.js';
import { PersonOrNull } from '../pipeline/schemas.js';
import { TouchKindSchema } from '../pipeline/touch-schemas.js';

const fieldValue = Type.Union([Type.String(), Type.Integer(), Type.Null()]);

export const ActivityEntrySchema = Type.Object({
  id: Type.Integer(),
  action: stringEnum(ACTIVITY_ACTIONS),
  from: fieldValue,
  to: fieldValue,
  note: nullable(Type.Object({ id: Type.Integer(), body: Type.String() })),
  file_name: Type.Optional(Type.String({ description: "For 'imported': the file the row came from" })),
  touch: Type.Optional(
    Type.Union(
      [Type.Object({ id: Type.Integer(), kind: TouchKindSchema, subject: Type.String() }), Type.Null()],
      { description: "For 'touch_added' while the touch exists: its kind and subject (never its text); else null" },
    ),
  ),
  deck: Type.Optional(
    Type.Object(
      { link_id: Type.Integer(), deck_name: Type.String(), email: nullable(Type.String()) },
      { description: "For 'deck_shared' and 'deck_opened': the link, its deck, and the e-mail prefilled (shared) or given at its gate (opened)" },
    ),
  ),
  user: PersonOrNull,
  created_at: isoTime,
});

export function rowActivitySchema(noun: string) {
  return userCall({
    summary: `What happened to an ${noun} on a list, and who did it, newest first`,
    description:
      `The newest ${ACTIVITY_LIMIT} entries: added; stage, follow_up or amount with \`from\` and \`to\`; note_added ` +
      'with the `note` (null once the note is deleted: its text is gone); note_deleted (`note` null); removed; imported ' +
      '(added by an import, with its `file_name`); touch_added with the `touch` (kind and subject; null once deleted); ' +
      'touch_deleted (`touch` null). Any ' +
      'member of the list may read it, from the time they joined it (the owner: all of it).',
    params: itemParams,
    response: { 200: Type.Array(ActivityEntrySchema) },
  });
}
