// Shared lists in the API suites: invitations read back from the real SMTP sink, accepted by the invitee.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { MemberRole } from '../../src/shared/teams.js';
import { caller, type Call } from './pipeline.js';
import type { ReceivedMail, startSmtpSink } from './smtp-sink.js';
import { createVerifiedUser } from './users.js';

export type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A verified user with their calls. */
export async function member(app: FastifyInstance) {
  const user = await createVerifiedUser(app);
  return { ...user, id: user.user.id, call: caller(app, user.headers) };
}
export type Member = Awaited<ReturnType<typeof member>>;

/** The token of the invitation link in a mail (APP_URL is http://app.test in the suites). */
export function invitationToken(mail: ReceivedMail): string {
  const match = /http:\/\/app\.test\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(match, 'an invitation link in the mail').not.toBeNull();
  return match![1];
}

/** A mail's subject, its folded lines joined and its encoded words (RFC 2047, as nodemailer writes them) decoded. */
export function mailSubject(mail: ReceivedMail): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(mail.raw)![1].replace(/\?=\r\n[ \t]=\?/g, '?==?').replace(/\r\n[ \t]/g, ' ');
  return header.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

/** The owner invites `email` and the link's token is read from the mail that arrives. */
export async function inviteByMail(sink: Sink, owner: Call, listId: number, email: string, role: MemberRole) {
  const before = new Set(sink.mails);
  const res = await owner('POST', `/lists/${listId}/members`, { email, role });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await sink.waitFor(email, (m) => !before.has(m));
  return { invitation: res.json() as { id: number; email: string; role: MemberRole; expires_at: string }, token: invitationToken(mail), mail };
}

/** Invites the user by mail and accepts as them: they are on the list with the role. */
export async function joinList(sink: Sink, owner: Call, listId: number, who: Member, role: MemberRole): Promise<void> {
  const { token } = await inviteByMail(sink, owner, listId, who.email, role);
  const accepted = await who.call('POST', `/invitations/${token}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
}
