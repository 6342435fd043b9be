import { Type } from '@sinclair/typebox';
import { CAPTURE_LIMITS, TOUCH_FOLLOW_UP_DAYS } from '../../../shared/capture.js';
import { EMAIL_MAX_LENGTH } from '../../../shared/form-rules.js';
import { idParams, isoTime, nullable, publicCall, stringEnum, userCall, userChange } from '../../plugins/validation.js';
import { MailPartySchema, TouchSchema } from '../pipeline/touch-schemas.js';
import { INBOX_READ_MAX } from './inbox-store.js';

// TypeBox schemas of a founder's own capture calls: her address, the addresses she sends from, the follow-up
// setting and the Capture inbox.

const tags = ['capture'];

const CaptureAddressSchema = Type.Object({
  address: Type.String({ description: '`log+TOKEN@CAPTURE_DOMAIN`: BCC it, or forward a mail to it' }),
  intake_url: Type.String({ description: 'Where a relay posts a raw mail (message/rfc822, the token as bearer)' }),
  smtp_port: nullable(Type.Integer(), { description: 'The SMTP listener\'s port; null when it does not listen' }),
});

export const captureAddressSchema = userCall({
  tags,
  summary: 'Your capture address (made on the first read)',
  response: { 200: CaptureAddressSchema },
});

// Not an Idempotency-Key call: a stored answer would keep the address, and a replay would answer one rotated since.
export const rotateAddressSchema = userCall({
  tags,
  summary: 'A new capture address: mail to the old one is refused from now on',
  response: { 200: CaptureAddressSchema },
});

const SenderSchema = Type.Object({
  id: nullable(Type.Integer(), { description: 'null for the log-in address, which cannot be removed' }),
  email: Type.String(),
  verified: Type.Boolean(),
});

export const sendersSchema = userCall({
  tags,
  summary: 'The addresses your captured mail is logged from: the log-in one first, then those you added',
  response: { 200: Type.Array(SenderSchema) },
});

export const addSenderSchema = userChange({
  tags,
  summary: 'Add an address you send from; a link to verify it is mailed to it',
  description:
    `At most ${CAPTURE_LIMITS.senderAddresses} besides the log-in address (422). The e-mail rule of contacts (no ?, & or %). ` +
    'Your log-in address, one you verified and one another account verified are a 409. One you added and have not ' +
    'verified gets a new link (200). The link (`APP_URL/verify-sender?token=…`) works once, for 24 hours. Mails are rate-limited per account.',
  body: Type.Object({ email: Type.String({ maxLength: EMAIL_MAX_LENGTH }) }, { additionalProperties: false }),
  response: { 200: SenderSchema, 201: SenderSchema },
});

export const deleteSenderSchema = userChange({
  tags,
  summary: 'Remove an address you added: mail from it is no longer logged',
  params: idParams,
  response: { 204: Type.Null() },
});

export const verifySenderSchema = publicCall({
  tags,
  summary: 'Verify an address with the token of its mailed link (no log-in needed)',
  description: 'A token used, expired or unknown is a 400; an address another account verified meanwhile a 409.',
  body: Type.Object({ token: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
  response: { 200: Type.Object({ email: Type.String() }) },
});

const SettingsSchema = Type.Object({
  follow_up_days: nullable(Type.Unsafe<number>({ type: 'integer', enum: [...TOUCH_FOLLOW_UP_DAYS] }), {
    description: 'Days from a touch to the follow-up it sets on a row that has none; null: none is set',
  }),
});

export const settingsSchema = userCall({ tags, summary: 'Your capture settings', response: { 200: SettingsSchema } });

export const patchSettingsSchema = userChange({
  tags,
  summary: 'Change your capture settings',
  body: Type.Object({ follow_up_days: SettingsSchema.properties.follow_up_days }, { additionalProperties: false }),
  response: { 200: SettingsSchema },
});

const InboxMailSchema = Type.Object({
  id: Type.Integer(),
  direction: stringEnum(['sent', 'received']),
  subject: Type.String(),
  snippet: Type.String({ description: `The first ${CAPTURE_LIMITS.snippetChars} characters of its text` }),
  participants: Type.Array(MailPartySchema),
  sent_at: isoTime,
  expires_at: Type.String({ format: 'date-time', description: 'When it leaves the inbox' }),
});

export const inboxSchema = userCall({
  tags,
  summary: 'Your captured mails that no investor on your lists took part in, newest first',
  description: `Each is kept ${CAPTURE_LIMITS.inboxDays} days after it arrived; at most the newest ${INBOX_READ_MAX}.`,
  response: { 200: Type.Array(InboxMailSchema) },
});

export const assignMailSchema = userChange({
  tags,
  summary: 'Log a mail of your Capture inbox on an investor\'s row of a list you edit',
  description:
    'One of `investor_id` (on the list: else 404) and `new_contact` (made a private contact of yours and added to the ' +
    'list first). The mail is logged as the intake logs one (last contacted, answered for a reply, Lead to Contacted, a ' +
    'follow-up) and leaves the inbox. A viewer of the list is a 403, a list not yours a 404, a fund list a 422.',
  params: idParams,
  body: Type.Object(
    {
      list_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
      investor_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
      new_contact: Type.Optional(
        Type.Object(
          {
            email: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
            first_name: Type.Optional(Type.String({ maxLength: 200 })),
            last_name: Type.Optional(Type.String({ maxLength: 200 })),
            firm_name: Type.Optional(Type.String({ maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({ list_id: Type.Integer(), investor_id: Type.Integer(), touch: nullable(TouchSchema) }),
  },
});

export const dismissMailSchema = userChange({
  tags,
  summary: 'Dismiss a mail of your Capture inbox: it leaves it, and its text is not kept',
  params: idParams,
  response: { 204: Type.Null() },
});
