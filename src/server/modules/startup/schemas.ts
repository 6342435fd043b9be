import { Type } from '@sinclair/typebox';
import { FINANCING_TYPES, GEOGRAPHIES, INDUSTRIES, STAGES } from '../../../shared/vocabularies.js';
import { STARTUP_RULES } from '../../../shared/fit.js';
import { isoDate, isoTime, nullable, stringEnum, userCall, userChange } from '../../plugins/validation.js';

const tags = ['startup'];

/** What GET answers: every field null before the first save. */
export const StartupProfileSchema = Type.Object({
  name: nullable(Type.String()),
  pitch: nullable(Type.String()),
  stage: nullable(Type.String()),
  industries: nullable(Type.Array(Type.String())),
  geography: nullable(Type.String()),
  financing_type: nullable(Type.String()),
  raise_amount: nullable(Type.Integer({ description: 'Whole US dollars' })),
  close_on: nullable(isoDate),
});

export const getStartupSchema = userCall({
  tags,
  summary: "The founder's startup and round: what the fit score judges investors against",
  response: { 200: StartupProfileSchema },
});

export const putStartupSchema = userChange({
  tags,
  summary: "Save the founder's startup and round",
  description:
    'Every field but `pitch` is required; values come from the catalogue\'s vocabularies. Of two saves the ' +
    'later edit wins, by `changed_at` (when the edit was made on its device; default now, a time after now ' +
    'counts as now): an earlier one arriving late changes nothing. Answers the profile as it now stands. The ' +
    'next search scores and ranks by it.',
  body: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: STARTUP_RULES.nameMaxLength }),
      pitch: Type.Optional(nullable(Type.String({ maxLength: STARTUP_RULES.pitchMaxLength }))),
      stage: stringEnum(STAGES, 'The stage the startup raises at'),
      industries: Type.Array(stringEnum(INDUSTRIES, 'An industry'), {
        minItems: 1,
        maxItems: STARTUP_RULES.maxIndustries,
        uniqueItems: true,
      }),
      geography: stringEnum(GEOGRAPHIES, 'Where the startup is'),
      financing_type: stringEnum(FINANCING_TYPES, 'What it raises'),
      raise_amount: Type.Integer({
        minimum: STARTUP_RULES.raiseMin,
        maximum: STARTUP_RULES.raiseMax,
        description: 'The amount raised, in whole US dollars',
      }),
      close_on: Type.String({ format: 'date', description: 'The target close date, YYYY-MM-DD' }),
      changed_at: Type.Optional(isoTime),
    },
    { additionalProperties: false },
  ),
  response: { 200: StartupProfileSchema },
});

export const getRoundSchema = userCall({
  tags,
  summary: "The round's progress: the profile's target against the pipeline",
  description:
    'Amounts in whole US dollars, each investor and fund counted once across the lists (at the furthest of its ' +
    'rows with an amount, Committed then Term sheet then Meeting, as the most recently changed of those says): ' +
    '`committed`, `term_sheet` and `meeting` sum those amounts. ' +
    '`days_left` runs to `close_on` from the server\'s date (negative once it has passed).',
  response: {
    200: Type.Object({
      target: nullable(Type.Integer()),
      close_on: nullable(isoDate),
      committed: Type.Integer(),
      term_sheet: Type.Integer(),
      meeting: Type.Integer(),
      days_left: nullable(Type.Integer()),
    }),
  },
});
