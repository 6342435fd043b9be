import { Type } from '@sinclair/typebox';
import {
  INVITATION_MAILS_PER_ADDRESS_PER_DAY,
  INVITATION_MAILS_PER_SENDER_AND_ADDRESS_PER_DAY,
  INVITATION_RESEND_MINUTES,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_HOUR,
  LIST_ROLES,
  MEMBER_ROLES,
} from '../../../shared/teams.js';
import { EMAIL_MAX_LENGTH } from '../../../shared/form-rules.js';
import { idParams, isoTime, publicCall, resourceId, stringEnum, userCall, userChange } from '../../plugins/validation.js';
import { listSummary } from '../lists/schemas.js';

const id = resourceId;
const memberRole = stringEnum(MEMBER_ROLES);
const listRole = stringEnum(LIST_ROLES);

const Member = Type.Object({
  user_id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  role: listRole,
});

const memberParams = Type.Object({ id, userId: id }, { additionalProperties: false });

const Invitation = Type.Object({ id: Type.Integer(), email: Type.String(), role: memberRole, expires_at: isoTime });

export const membersSchema = userCall({
  summary: 'Who a list is shared with: its owner and members, and the pending invitations (owner only)',
  params: idParams,
  response: { 200: Type.Object({ members: Type.Array(Member), invitations: Type.Array(Invitation) }) },
});

export const inviteSchema = userChange({
  summary: 'Invite someone by e-mail as editor or viewer (owner only)',
  description:
    `Mails a link to APP_URL/invitations/{token}, good once, for ${INVITATION_TTL_DAYS} days, for an account with that ` +
    'address (201). A pending invitation to the same address is replaced by the new one, unless it was mailed within ' +
    `the last ${INVITATION_RESEND_MINUTES} minutes: then it is kept, with the role sent, and nothing is mailed (200). ` +
    `Inviting yourself or a member is a 422. At most ${INVITATIONS_PER_HOUR} invitations an hour per user, and ` +
    `in any 24 hours ${INVITATION_MAILS_PER_SENDER_AND_ADDRESS_PER_DAY} invitation mails from one user to one address and ` +
    `${INVITATION_MAILS_PER_ADDRESS_PER_DAY} to one address whoever sends them, counting only mails sent (429).`,
  params: idParams,
  body: Type.Object({ email: Type.String({ maxLength: EMAIL_MAX_LENGTH }), role: memberRole }, { additionalProperties: false }),
  response: { 200: Invitation, 201: Invitation },
});

export const changeMemberSchema = userChange({
  summary: "Change a member's role (owner only)",
  params: memberParams,
  body: Type.Object({ role: memberRole }, { additionalProperties: false }),
  response: { 200: Member },
});

export const removeMemberSchema = userChange({
  summary: 'Remove a member (owner), or leave the list (a member removing themself)',
  description: 'From the next request on, on every instance, the list is a 404 to them; their live streams end.',
  params: memberParams,
  response: { 204: Type.Null() },
});

export const revokeInvitationSchema = userChange({
  summary: 'Withdraw a pending invitation (owner only)',
  params: Type.Object({ id, invitationId: id }, { additionalProperties: false }),
  response: { 204: Type.Null() },
});

const tokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });

export const previewInvitationSchema = publicCall({
  summary: 'What an invitation is for: the list, the role, who sent it and the address (no log-in needed)',
  description: 'An unknown or withdrawn link is a 404, a used or expired one a 410.',
  params: tokenParams,
  response: {
    200: Type.Object({
      email: Type.String(),
      role: memberRole,
      list_name: Type.String(),
      list_type: stringEnum(['investor', 'fund']),
      invited_by: Type.Object({ first_name: Type.String(), last_name: Type.String() }),
      expires_at: isoTime,
    }),
  },
});

export const acceptInvitationSchema = userCall({
  summary: 'Accept an invitation as the logged-in account with its address; answers the list',
  description:
    'Another account gets a 403 saying whom the invitation is for, and nothing changes; an unknown or withdrawn ' +
    'link is a 404, a used or expired one a 410. The account that accepted it, asking again while still on the ' +
    'list, gets the list again and nothing changes.',
  params: tokenParams,
  response: { 200: listSummary },
});
