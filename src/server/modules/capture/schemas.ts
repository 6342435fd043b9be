import { Type } from '@sinclair/typebox';
import { CAPTURE_LIMITS } from '../../../shared/capture.js';
import { userCall } from '../../plugins/validation.js';

/** What the HTTP intake answers of a mail taken: what became of it, never what it said. */
export const TakenSchema = Type.Object({
  status: Type.Unsafe<string>({
    type: 'string',
    enum: ['logged', 'unmatched', 'duplicate', 'dropped'],
    description:
      'logged: on `rows` rows of your lists; unmatched: in the Capture inbox; duplicate: that Message-ID was logged ' +
      'before, on every row it matches; dropped: not from one of your addresses (or to no one), counted and not kept',
  }),
  rows: Type.Integer({ description: 'Touches this mail added to list rows' }),
});

export const intakeSchema = userCall({
  tags: ['capture'],
  summary: 'Take a raw mail for the capture address whose token is the bearer credential',
  description:
    'What an inbound-mail relay posts: the mail as received (`Content-Type: message/rfc822`), ' +
    `\`Authorization: Bearer TOKEN\` with the token of \`log+TOKEN@…\`. Up to ${CAPTURE_LIMITS.mailBytes / 1024 / 1024} MB ` +
    `(413 above, from Content-Length before a byte is read), ${CAPTURE_LIMITS.mailsPerHour} mails an hour an address (429), ` +
    'a mail that cannot be read 422 with why, an unknown or rotated token 401. The same mail twice logs once.',
  response: { 200: TakenSchema },
});
