import { Type } from '@sinclair/typebox';
import { CAPTURE_LIMITS, TOUCH_BODY_MAX, TOUCH_KINDS, TOUCHES_PER_ROW_MAX } from '../../../shared/capture.js';
import { isoTime, itemParams, userCall, userChange } from '../../plugins/validation.js';
import { PersonOrNull } from './schemas.js';

// TypeBox schemas of a row's touches: mails captured, calls, meetings and messages logged by hand.

const TouchParams = Type.Object(
  { ...itemParams.properties, touchId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) },
  { additionalProperties: false },
);

export const TouchKindSchema = Type.Unsafe<(typeof TOUCH_KINDS)[number]>({ type: 'string', enum: [...TOUCH_KINDS] });

export const MailPartySchema = Type.Object({ address: Type.String(), name: Type.String() });

export const TouchSchema = Type.Object({
  id: Type.Integer(),
  kind: TouchKindSchema,
  subject: Type.String(),
  body: Type.Union([Type.String(), Type.Null()], { description: "Null to a member who is not its author while it is not shared" }),
  shared: Type.Boolean(),
  participants: Type.Array(MailPartySchema),
  match: Type.Union([Type.Unsafe<'exact' | 'likely'>({ type: 'string', enum: ['exact', 'likely'] }), Type.Null()], {
    description: "A captured mail's: its address on the row (exact), or its domain the firm's website (likely)",
  }),
  happened_at: isoTime,
  author: PersonOrNull,
});

export function listTouchesSchema(noun: string) {
  return userCall({
    summary: `The touches on an ${noun} in a list (mails captured, calls, meetings, messages), newest first`,
    description:
      'Any member of the list reads those logged since they joined it (the owner: all). Another member\'s touch shows ' +
      `its kind, time, participants and subject; its \`body\` is null until its author shares it. A row holds at most ${TOUCHES_PER_ROW_MAX.toLocaleString('en-US')} touches.`,
    params: itemParams,
    response: { 200: Type.Array(TouchSchema) },
  });
}

export function logTouchSchema(noun: string) {
  return userChange({
    summary: `Log a call, meeting, message or mail by hand on an ${noun} in a list`,
    description:
      `An editor or the owner. \`body\` (trimmed, at most ${TOUCH_BODY_MAX} characters) is shared with the list's members. ` +
      '`happened_at` defaults to now (a later time is taken as now); `answered` (default: true for email_received) marks ' +
      'the row answered. The row\'s last contacted time moves to it, a Lead becomes Contacted and, when the row has no ' +
      `follow-up, one is set the profile's interval later. A row holding ${TOUCHES_PER_ROW_MAX.toLocaleString('en-US')} touches is a 422.`,
    params: itemParams,
    body: Type.Object(
      {
        kind: TouchKindSchema,
        body: Type.Optional(Type.String({ maxLength: TOUCH_BODY_MAX * 2 })),
        subject: Type.Optional(Type.String({ maxLength: CAPTURE_LIMITS.subjectChars })),
        happened_at: Type.Optional(isoTime),
        answered: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
    response: { 201: TouchSchema },
  });
}

export function shareTouchSchema(noun: string) {
  return userChange({
    summary: `Share (or stop sharing) the text of one of your touches on an ${noun} with the list's members`,
    params: TouchParams,
    body: Type.Object({ shared: Type.Boolean() }, { additionalProperties: false }),
    response: { 200: TouchSchema },
  });
}

export function deleteTouchSchema(noun: string) {
  return userChange({
    summary: `Delete one of your touches on an ${noun} in a list`,
    description: 'Its text goes from the activity and the replayable live events too; the row keeps its last contacted time.',
    params: TouchParams,
    response: { 204: Type.Null() },
  });
}
