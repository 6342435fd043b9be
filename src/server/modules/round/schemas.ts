import { Type, type TProperties } from '@sinclair/typebox';
import { PIPELINE_STAGES } from '../../../shared/pipeline.js';
import {
  COLD_DAYS_DEFAULT,
  COLD_DAYS_MAX,
  COLD_DAYS_MIN,
  FUNNEL_STAGES,
  INVESTOR_TYPE_MAX,
  ROUND_PANEL_ROWS_MAX,
} from '../../../shared/round-summary.js';
import { isoDate, isoTime, resourceId, stringEnum, userCall } from '../../plugins/validation.js';
import { ROUND_FIGURES } from './round-rows.js';

const tags = ['round'];

const coldDays = Type.Integer({
  minimum: COLD_DAYS_MIN,
  maximum: COLD_DAYS_MAX,
  default: COLD_DAYS_DEFAULT,
  description: 'Days without a touch after which a row in an active stage is going cold',
});
const tz = Type.String({
  minLength: 1,
  maxLength: 64,
  default: 'UTC',
  description: "An IANA time zone (e.g. Europe/Berlin): the founder's weeks (from Monday) and today",
});

const investorType = Type.String({
  minLength: 1,
  maxLength: INVESTOR_TYPE_MAX,
  description: "Only investors of this type, as the Response panel's groups by type label them ('-' for none)",
});

/**
 * A response's value of `type` or null, as a list of types: the serializer tells them apart by their type, where a
 * union (anyOf) has it compile a validator on each instance's first answer (about 15 ms of a new instance's first
 * summary).
 */
const orNull = <T>(type: 'integer' | 'number' | 'string') => Type.Unsafe<T | null>({ type: [type, 'null'] });

const rowRef = {
  list_id: Type.Integer(),
  list_name: Type.String(),
  investor_id: Type.Integer(),
  name: Type.String(),
  firm: Type.String(),
  stage: stringEnum(PIPELINE_STAGES),
};

const panel = <T extends TProperties>(fields: T) =>
  Type.Object({ total: Type.Integer(), rows: Type.Array(Type.Object({ ...rowRef, ...fields })) });

const responseGroup = Type.Object({
  list_id: orNull<number>('integer'),
  label: Type.String(),
  contacted: Type.Integer(),
  answered: Type.Integer(),
  median_days: orNull<number>('integer'),
});

const RoundSummarySchema = Type.Object({
  list_id: orNull<number>('integer'),
  computed_at: isoTime,
  cold_days: Type.Integer(),
  tz: Type.String(),
  rows: Type.Integer(),
  committed: Type.Object({
    target: orNull<number>('integer'),
    term_sheet: Type.Integer(),
    committed: Type.Integer(),
    term_sheet_rows: Type.Integer(),
    committed_rows: Type.Integer(),
    weeks: Type.Array(Type.Object({ week: isoDate, term_sheet: Type.Integer(), committed: Type.Integer() })),
  }),
  funnel: Type.Object({
    stages: Type.Array(
      Type.Object({ stage: stringEnum(FUNNEL_STAGES), reached: Type.Integer(), conversion: orNull<number>('number') }),
    ),
    passed: Type.Array(Type.Object({ stage: stringEnum(FUNNEL_STAGES), count: Type.Integer() })),
  }),
  response: Type.Object({
    contacted: Type.Integer(),
    answered: Type.Integer(),
    median_days: orNull<number>('integer'),
    by_list: Type.Array(responseGroup),
    by_type: Type.Array(responseGroup),
  }),
  cold: panel({ last_touch_at: isoTime, days: Type.Integer() }),
  overdue: panel({ follow_up_on: isoDate, days: Type.Integer() }),
  engaged: panel({ deck_ms: Type.Integer(), replies: Type.Integer(), meetings: Type.Integer() }),
});

export const roundSummarySchema = userCall({
  tags,
  summary: "The Round page's figures: committed against the target, the funnel, response, going cold, overdue, engaged",
  description:
    'Without `list_id`: every investor list the caller owns (lists shared with her are summed alone). With it: that ' +
    'investor list, for its owner and every member (the same figures), 404 for anyone else, 422 for a fund list. ' +
    `A panel's rows are its first ${ROUND_PANEL_ROWS_MAX}; its \`total\` says how many. src/server/README.md ("Round") ` +
    'gives each rule.',
  querystring: Type.Object({ list_id: Type.Optional(resourceId), cold_days: coldDays, tz }, { additionalProperties: false }),
  response: { 200: RoundSummarySchema },
});

export const roundRowsSchema = userCall({
  tags,
  summary: "The investor ids of a list's rows behind one figure of the Round page, or how many of each of her lists",
  description:
    'With `list_id`: `investor_ids`, that list\'s rows behind `figure`, counted as the summary counts it (any role ' +
    'on the list; 404 for anyone else, 422 for a fund list). Without it: `by_list`, how many rows of each investor ' +
    'list the caller owns (the lists the summary without `list_id` sums, in id order, zeros included) are behind ' +
    '`figure`, in one call.',
  querystring: Type.Object(
    { list_id: Type.Optional(resourceId), figure: stringEnum(ROUND_FIGURES), cold_days: coldDays, tz, type: Type.Optional(investorType) },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({
      list_id: orNull<number>('integer'),
      figure: stringEnum(ROUND_FIGURES),
      type: orNull<string>('string'),
      investor_ids: Type.Optional(Type.Array(Type.Integer())),
      by_list: Type.Optional(
        Type.Array(Type.Object({ list_id: Type.Integer(), list_name: Type.String(), count: Type.Integer() })),
      ),
    }),
  },
});
