import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCOUNT_MESSAGES, EMAIL_PATTERN } from '../../../shared/form-rules.js';
import { INVITATION_PAGE, INVITATION_TTL_DAYS, INVITATIONS_PER_HOUR } from '../../../shared/teams.js';
import { listInvitationMail } from '../../mail/templates.js';
import { HttpError } from '../../plugins/error-handler.js';
import { perUser, type RateRule } from '../../plugins/rate-limit.js';
import { sendMailNow } from '../auth/mail-now.js';
import { listAccess } from '../lists/list-access.js';
import { listCaller } from '../lists/list-change.js';
import { countInvitationMail } from './invitation-mails.js';
import { acceptInvitation, invitedLately, invite, previewInvitation, revokeInvitation } from './invitation-store.js';
import { changeRole, membersOf, removeMember } from './member-store.js';
import {
  acceptInvitationSchema,
  changeMemberSchema,
  inviteSchema,
  membersSchema,
  previewInvitationSchema,
  removeMemberSchema,
  revokeInvitationSchema,
} from './schemas.js';

/** Invitations mail people: counted per sender, across their lists and every instance. */
const INVITE_RATE: RateRule[] = [perUser('invite-user', INVITATIONS_PER_HOUR, 60 * 60 * 1000)];

function inviteeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email === '') throw new HttpError(422, ACCOUNT_MESSAGES.emailRequired);
  if (!EMAIL_PATTERN.test(email)) throw new HttpError(422, ACCOUNT_MESSAGES.emailInvalid);
  return email;
}

/**
 * Sharing a list (shared/teams.ts): its members and invitations, which only the owner sees and changes (a
 * member may leave), and the invitation link's preview and acceptance. Registered under /api/v1.
 */
export const teamsModule: FastifyPluginAsyncTypebox = async (app) => {
  const members = '/lists/:id/members';

  app.get(members, { schema: membersSchema, onRequest: app.authenticate }, async (request) => {
    await listAccess(app.db, request.userId, request.params.id, 'share');
    return membersOf(app.db, request.params.id);
  });

  app.post(
    members,
    { schema: inviteSchema, onRequest: app.authenticate, preHandler: app.rateLimited(INVITE_RATE) },
    async (request, reply) => {
      const email = inviteeEmail(request.body.email);
      await listAccess(app.db, request.userId, request.params.id, 'share');
      // Counted before the mail goes (so that requests at once cannot pass the limits), uncounted when none goes.
      const counted = (await invitedLately(app.db, request.params.id, email)) ? null : await countInvitationMail(app.db, request.userId, email);
      if (counted && 'refused' in counted) {
        reply.header('retry-after', counted.retryAfterSeconds);
        throw new HttpError(429, counted.refused);
      }
      try {
        const sent = await invite(app, listCaller(request), email, request.body.role);
        if (sent.token === null) {
          await counted?.release();
          return reply.status(200).send(sent.invitation);
        }
        const link = `${app.config.appUrl}${INVITATION_PAGE(sent.token)}`;
        const mail = { inviter: sent.inviter, listName: sent.listName, role: request.body.role, days: INVITATION_TTL_DAYS };
        await sendMailNow(app, listInvitationMail(email, mail, link));
        return reply.status(201).send(sent.invitation);
      } catch (error) {
        await counted?.release();
        throw error;
      }
    },
  );

  app.patch(`${members}/:userId`, { schema: changeMemberSchema, onRequest: app.authenticate }, async (request) =>
    changeRole(app, listCaller(request), request.params.userId, request.body.role),
  );

  app.delete(`${members}/:userId`, { schema: removeMemberSchema, onRequest: app.authenticate }, async (request, reply) => {
    await removeMember(app, listCaller(request), request.params.userId);
    return reply.status(204).send(null);
  });

  app.delete(
    '/lists/:id/invitations/:invitationId',
    { schema: revokeInvitationSchema, onRequest: app.authenticate },
    async (request, reply) => {
      await revokeInvitation(app, listCaller(request), request.params.invitationId);
      return reply.status(204).send(null);
    },
  );

  app.get('/invitations/:token', { schema: previewInvitationSchema }, async (request) => previewInvitation(app.db, request.params.token));

  app.post('/invitations/:token/accept', { schema: acceptInvitationSchema, onRequest: app.authenticate }, async (request) =>
    acceptInvitation(app, request.userId, request.params.token),
  );
};
