// A founder's own capture calls (shared/capture.ts: CAPTURE_API): her capture address and its rotation, the
// addresses she sends from, and the follow-up a touch sets. Registered under /api/v1; the Capture inbox is
// inbox-routes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API } from '../../../shared/api-paths.js';
import { CAPTURE_API } from '../../../shared/capture.js';
import { CONTACT_MESSAGES } from '../../../shared/contacts.js';
import { EMAIL_PATTERN, STORED_EMAIL_PATTERN } from '../../../shared/form-rules.js';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { verifySenderMail } from '../../mail/templates.js';
import { HttpError } from '../../plugins/error-handler.js';
import { perUser, type RateRule } from '../../plugins/rate-limit.js';
import { sendMailNow } from '../auth/mail-now.js';
import {
  addSenderSchema,
  captureAddressSchema,
  deleteSenderSchema,
  patchSettingsSchema,
  rotateAddressSchema,
  sendersSchema,
  settingsSchema,
  verifySenderSchema,
} from './account-schemas.js';
import { captureAddressOf, captureSettingsOf, rotateCaptureAddress, setCaptureSettings } from './capture-address-store.js';
import { addSender, deleteSender, sendersOf, verifySender } from './sender-store.js';

const HOUR = 60 * 60 * 1000;
/** Calls that may mail a verification link, one account in an hour (those refused count too). */
export const SENDER_MAILS_PER_HOUR = 20;
const SENDER_MAIL_RATE: RateRule[] = [perUser('sender-verify-user', SENDER_MAILS_PER_HOUR, HOUR)];

const path = (full: string) => full.slice(API.length);

/** The e-mail rule of contacts: trimmed, lower-cased, no ?, & or %. */
function senderEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!STORED_EMAIL_PATTERN.test(email)) {
    throw new HttpError(422, EMAIL_PATTERN.test(email) ? CONTACT_MESSAGES.emailCharacters : CONTACT_MESSAGES.emailInvalid);
  }
  return email;
}

export const captureAddressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = { onRequest: app.authenticate };

  app.get(path(CAPTURE_API.address), { ...auth, schema: captureAddressSchema }, async (request) =>
    captureAddressOf(app.db, request.userId, app.config),
  );

  app.post(path(CAPTURE_API.rotate), { ...auth, schema: rotateAddressSchema }, async (request) => {
    const rotated = await rotateCaptureAddress(app.db, request.userId, app.config);
    app.captureTokens.forget(request.userId);
    return rotated;
  });

  app.get(path(CAPTURE_API.senders), { ...auth, schema: sendersSchema }, async (request) => sendersOf(app.db, request.userId));

  app.post(
    path(CAPTURE_API.senders),
    { ...auth, schema: addSenderSchema, preHandler: app.rateLimited(SENDER_MAIL_RATE) },
    async (request, reply) => {
      const email = senderEmail(request.body.email);
      const added = await addSender(app.db, request.userId, email);
      const [user] = await app.db.select({ first_name: users.first_name }).from(users).where(eq(users.id, request.userId));
      const link = `${app.config.appUrl}/verify-sender?token=${encodeURIComponent(added.token)}`;
      await sendMailNow(app, verifySenderMail({ email, first_name: user.first_name }, email, link));
      return reply.status(added.created ? 201 : 200).send(added.sender);
    },
  );

  app.delete(`${path(CAPTURE_API.senders)}/:id`, { ...auth, schema: deleteSenderSchema }, async (request, reply) => {
    await deleteSender(app.db, request.userId, request.params.id);
    return reply.status(204).send(null);
  });

  // No log-in: the mailed link may be opened on a device without a session; its token names the address.
  app.post(path(CAPTURE_API.verifySender), { schema: verifySenderSchema }, async (request) => verifySender(app.db, request.body.token));

  app.get(path(CAPTURE_API.settings), { ...auth, schema: settingsSchema }, async (request) => captureSettingsOf(app.db, request.userId));

  app.patch(path(CAPTURE_API.settings), { ...auth, schema: patchSettingsSchema }, async (request) =>
    setCaptureSettings(app.db, request.userId, { follow_up_days: request.body.follow_up_days }),
  );
};
