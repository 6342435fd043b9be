// Sharing a list by invitation: the mail arrives at a real SMTP sink with its link, which works once, for 7
// days, only for an account with the invited address (signing up through it too); the owner sees and changes
// who is on the list; at most 20 invitations an hour per user, 3 invitation mails a day to one address, and
// no second mail within the hour for an address already invited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { listEvents, listInvitations } from '../../src/server/db/schema.js';
import {
  INVITATION_MAILS_PER_ADDRESS_PER_DAY,
  INVITATION_MAILS_PER_SENDER_AND_ADDRESS_PER_DAY,
  INVITATIONS_PER_HOUR,
  TEAM_MESSAGES,
} from '../../src/shared/teams.js';
import { buildTestApp } from '../helpers/app.js';
import { authFlow } from '../helpers/auth-flow.js';
import { testDatabases } from '../helpers/database.js';
import { caller, insertInvestor } from '../helpers/pipeline.js';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { inviteByMail, joinList, mailSubject, member, type Member, type Sink } from '../helpers/teams.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('invitations on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let sink: Sink;
  let ana: number;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ app, close } = await buildTestApp(kind, { rateLimit: true, config: { smtpUrl: sink.url } }));
    ana = await insertInvestor(app, 'Ana', 'Stone', 'Stone Capital');
  });
  afterAll(async () => {
    await close();
    await sink.close();
  });

  /** A new owner with a list holding Ana. */
  async function ownerWithList(name = 'Seed raise') {
    const owner = await member(app);
    const listId = (await owner.call('POST', '/lists', { name, list_type: 'investor' })).json().id as number;
    await owner.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: [ana] });
    return { owner, listId };
  }

  const anonymous = () => caller(app, {});

  it('mails a link that works once, only for the invited address, and makes them a member with the role', async () => {
    const { owner, listId } = await ownerWithList();
    const invitee = await member(app);
    const someoneElse = await member(app);
    const { invitation, token, mail } = await inviteByMail(sink, owner.call, listId, invitee.email.toUpperCase(), 'editor');
    expect(invitation).toEqual({ id: expect.any(Number), email: invitee.email, role: 'editor', expires_at: expect.any(String) });
    expect(mailSubject(mail)).toBe(`Fundscape: ${owner.email} invited you to a shared list`);
    expect(mail.text).toContain(`http://app.test/invitations/${token}`);
    expect(mail.text).toContain('as an editor');

    expect((await anonymous()('GET', `/invitations/${token}`)).json()).toEqual({
      email: invitee.email,
      role: 'editor',
      list_name: 'Seed raise',
      list_type: 'investor',
      invited_by: { first_name: 'Ada', last_name: owner.user.last_name },
      expires_at: invitation.expires_at,
    });
    expect((await owner.call('GET', `/lists/${listId}/members`)).json()).toEqual({
      members: [{ user_id: owner.id, email: owner.email, first_name: 'Ada', last_name: owner.user.last_name, role: 'owner' }],
      invitations: [invitation],
    });

    // Another account: refused, saying whom it is for, and nothing changes.
    const wrong = await someoneElse.call('POST', `/invitations/${token}/accept`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toBe(TEAM_MESSAGES.invitationForOther(invitee.email));
    expect((await someoneElse.call('GET', `/lists/${listId}`)).statusCode).toBe(404);
    expect((await owner.call('GET', `/lists/${listId}/members`)).json().invitations).toEqual([invitation]);
    expect((await anonymous()('POST', `/invitations/${token}/accept`)).statusCode).toBe(401);

    const accepted = await invitee.call('POST', `/invitations/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      id: listId,
      name: 'Seed raise',
      description: '',
      list_type: 'investor',
      item_count: 1,
      role: 'editor',
      owner: { id: owner.id, first_name: 'Ada', last_name: owner.user.last_name },
    });
    expect((await invitee.call('PATCH', `/lists/${listId}/investors/${ana}`, { stage: 'meeting' })).statusCode).toBe(200);

    // The invitee again (the first answer lost on the way, say): the list again, nothing changed. Anyone else: used.
    const listEventCount = async () => (await app.db.select().from(listEvents).where(eq(listEvents.list_id, listId))).length;
    const eventsBefore = await listEventCount();
    const retried = await invitee.call('POST', `/invitations/${token}/accept`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(accepted.json());
    expect(await listEventCount()).toBe(eventsBefore);
    const used = await someoneElse.call('POST', `/invitations/${token}/accept`);
    expect(used.statusCode).toBe(410);
    expect(used.json().detail).toBe(TEAM_MESSAGES.invitationUsed);
    expect((await anonymous()('GET', `/invitations/${token}`)).statusCode).toBe(410);
    const members = (await owner.call('GET', `/lists/${listId}/members`)).json();
    expect(members.members.map((m: { user_id: number; role: string }) => [m.user_id, m.role])).toEqual([
      [owner.id, 'owner'],
      [invitee.id, 'editor'],
    ]);
    expect(members.invitations).toEqual([]);

    // Once off the list, the used link does not bring them back.
    expect((await owner.call('DELETE', `/lists/${listId}/members/${invitee.id}`)).statusCode).toBe(204);
    const afterRemoval = await invitee.call('POST', `/invitations/${token}/accept`);
    expect(afterRemoval.statusCode).toBe(410);
    expect(afterRemoval.json().detail).toBe(TEAM_MESSAGES.invitationUsed);
    expect((await invitee.call('GET', `/lists/${listId}`)).statusCode).toBe(404);
  });

  it('works for 7 days and not after', async () => {
    const { owner, listId } = await ownerWithList();
    const invitee = await member(app);
    const { invitation, token } = await inviteByMail(sink, owner.call, listId, invitee.email, 'viewer');
    expect(Math.abs(Date.parse(invitation.expires_at) - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    await app.db.update(listInvitations).set({ expires_at: sql`now() - interval '1 second'` }).where(eq(listInvitations.id, invitation.id));
    const expired = await invitee.call('POST', `/invitations/${token}/accept`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toBe(TEAM_MESSAGES.invitationExpired);
    expect((await anonymous()('GET', `/invitations/${token}`)).statusCode).toBe(410);
    expect((await owner.call('GET', `/lists/${listId}/members`)).json().invitations).toEqual([]);
    expect((await invitee.call('GET', `/lists/${listId}`)).statusCode).toBe(404);
  });

  it('lets someone without an account sign up with the invited address, then accept', async () => {
    const { owner, listId } = await ownerWithList('Angels');
    const flow = authFlow(app, sink);
    const email = flow.uniqueEmail('invitee');
    const { token } = await inviteByMail(sink, owner.call, listId, email, 'viewer');
    const account = await flow.verifiedAccount(email);
    const newcomer = caller(app, { authorization: `Bearer ${account.tokens.access_token}` });
    const accepted = await newcomer('POST', `/invitations/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: listId, name: 'Angels', role: 'viewer' });
    expect(((await newcomer('GET', '/lists')).json() as Array<{ id: number; role: string }>).map((l) => [l.id, l.role])).toEqual([
      [listId, 'viewer'],
    ]);
  });

  it('keeps a pending invitation sent again within the hour, mailing nothing; after it, replaces and mails it', async () => {
    const { owner, listId } = await ownerWithList();
    const invitee = await member(app);
    const first = await inviteByMail(sink, owner.call, listId, invitee.email, 'viewer');
    const mailsBefore = sink.mails.length;
    const again = await owner.call('POST', `/lists/${listId}/members`, { email: invitee.email, role: 'editor' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.invitation, role: 'editor' });
    expect((await owner.call('GET', `/lists/${listId}/members`)).json().invitations).toEqual([again.json()]);
    expect((await anonymous()('GET', `/invitations/${first.token}`)).json()).toMatchObject({ role: 'editor' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.mails.length).toBe(mailsBefore);

    await app.db
      .update(listInvitations)
      .set({ created_at: sql`now() - interval '61 minutes'` })
      .where(eq(listInvitations.id, first.invitation.id));
    const second = await inviteByMail(sink, owner.call, listId, invitee.email, 'editor');
    expect(second.token).not.toBe(first.token);
    expect((await owner.call('GET', `/lists/${listId}/members`)).json().invitations).toEqual([second.invitation]);
    const old = await invitee.call('POST', `/invitations/${first.token}/accept`);
    expect(old.statusCode).toBe(404);
    expect(old.json().detail).toBe(TEAM_MESSAGES.invitationNotFound);

    expect((await owner.call('DELETE', `/lists/${listId}/invitations/${second.invitation.id}`)).statusCode).toBe(204);
    expect((await owner.call('DELETE', `/lists/${listId}/invitations/${second.invitation.id}`)).statusCode).toBe(404);
    expect((await invitee.call('POST', `/invitations/${second.token}/accept`)).statusCode).toBe(404);
    expect((await anonymous()('GET', '/invitations/not-a-token')).statusCode).toBe(404);
    expect((await owner.call('GET', `/lists/${listId}/members`)).json().invitations).toEqual([]);
  });

  it(`mails one address at most ${INVITATION_MAILS_PER_SENDER_AND_ADDRESS_PER_DAY} invitations in 24 hours from one sender, whoever else may still`, async () => {
    const email = `wanted-${Date.now()}@example.test`;
    const sender = await member(app);
    const lists: number[] = [];
    for (let i = 0; i <= INVITATION_MAILS_PER_SENDER_AND_ADDRESS_PER_DAY; i++) {
      lists.push((await sender.call('POST', '/lists', { name: `Round ${i}`, list_type: 'investor' })).json().id as number);
    }
    for (const listId of lists.slice(0, -1)) await inviteByMail(sink, sender.call, listId, email, 'viewer');
    const refused = await sender.call('POST', `/lists/${lists.at(-1)}/members`, { email: email.toUpperCase(), role: 'viewer' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TEAM_MESSAGES.youInvitedEnough(email) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect((await sender.call('GET', `/lists/${lists.at(-1)}/members`)).json().invitations).toEqual([]);
    // Another sender is not held back by this one.
    const { owner, listId } = await ownerWithList();
    await inviteByMail(sink, owner.call, listId, email, 'viewer');

    // The 24 hours slide: mails just inside them still count, one just outside no longer does.
    await app.db.execute(sql`UPDATE invitation_mails SET sent_at = now() - interval '23 hours 59 minutes' WHERE sender_id = ${sender.id}`);
    expect((await sender.call('POST', `/lists/${lists.at(-1)}/members`, { email, role: 'viewer' })).statusCode).toBe(429);
    await app.db.execute(sql`UPDATE invitation_mails SET sent_at = now() - interval '24 hours 1 second'
      WHERE id = (SELECT min(id) FROM invitation_mails WHERE sender_id = ${sender.id})`);
    await inviteByMail(sink, sender.call, lists.at(-1)!, email, 'viewer');
  });

  it(`mails one address at most ${INVITATION_MAILS_PER_ADDRESS_PER_DAY} invitations in 24 hours whoever sends them, counting only mails sent`, async () => {
    const email = `popular-${Date.now()}@example.test`;
    const mailsTo = () => sink.mails.filter((m) => m.to.includes(email)).length;
    const first = await ownerWithList();
    await inviteByMail(sink, first.owner.call, first.listId, email, 'viewer');
    // Inviting again within the hour keeps the invitation and mails nothing: not counted.
    expect((await first.owner.call('POST', `/lists/${first.listId}/members`, { email, role: 'editor' })).statusCode).toBe(200);
    for (let i = 1; i < INVITATION_MAILS_PER_ADDRESS_PER_DAY; i++) {
      const { owner, listId } = await ownerWithList();
      await inviteByMail(sink, owner.call, listId, email, 'viewer');
    }
    const { owner, listId } = await ownerWithList();
    const refused = await owner.call('POST', `/lists/${listId}/members`, { email: email.toUpperCase(), role: 'viewer' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TEAM_MESSAGES.addressInvitedEnough(email) });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await owner.call('GET', `/lists/${listId}/members`)).json().invitations).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo()).toBe(INVITATION_MAILS_PER_ADDRESS_PER_DAY);
    // Another address is another count; one not over it is refused for nothing else.
    expect((await owner.call('POST', `/lists/${listId}/members`, { email: `other-${email}`, role: 'viewer' })).statusCode).toBe(201);
  });

  it('names only the product and the inviter’s address in the subject; what the inviter typed stays in the body, escaped', async () => {
    const listName = '<b>URGENT</b> "Your account" & payment\r\nBcc: all@example.test';
    const { owner, listId } = await ownerWithList(listName);
    const invitee = await member(app);
    const { mail } = await inviteByMail(sink, owner.call, listId, invitee.email, 'viewer');
    expect(mailSubject(mail)).toBe(`Fundscape: ${owner.email} invited you to a shared list`);
    expect(mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'))).not.toMatch(/^Bcc:/m);
    const html = mail.text.slice(mail.text.indexOf('Content-Type: text/html'));
    expect(html).toContain('&#60;b&#62;URGENT&#60;/b&#62; &#34;Your account&#34; &#38; payment');
    expect(html).not.toContain('<b>URGENT');
  });

  it('refuses to invite yourself, a member, or an address that is not one, with 422', async () => {
    const { owner, listId } = await ownerWithList();
    const already = await member(app);
    await joinList(sink, owner.call, listId, already, 'viewer');
    const refused: Array<[string, string]> = [
      [owner.email, TEAM_MESSAGES.inviteYourself],
      [` ${already.email.toUpperCase()} `, TEAM_MESSAGES.alreadyMember(already.email)],
      ['not-an-address', 'Invalid email'],
      ['  ', 'Email is required'],
    ];
    for (const [email, detail] of refused) {
      const res = await owner.call('POST', `/lists/${listId}/members`, { email, role: 'editor' });
      expect(res.statusCode, email).toBe(422);
      expect(res.json().detail).toBe(detail);
    }
    const badRole = await owner.call('POST', `/lists/${listId}/members`, { email: 'x@example.test', role: 'owner' });
    expect(badRole.statusCode).toBe(422);
  });

  it('lets the owner change a role and remove a member, from the next request on', async () => {
    const { owner, listId } = await ownerWithList();
    const teammate = await member(app);
    await joinList(sink, owner.call, listId, teammate, 'editor');
    const lowered = await owner.call('PATCH', `/lists/${listId}/members/${teammate.id}`, { role: 'viewer' });
    expect(lowered.json()).toEqual({ user_id: teammate.id, email: teammate.email, first_name: 'Ada', last_name: teammate.user.last_name, role: 'viewer' });
    const refused = await teammate.call('PATCH', `/lists/${listId}/investors/${ana}`, { stage: 'passed' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(TEAM_MESSAGES.viewerCannotChange);
    expect((await owner.call('PATCH', `/lists/${listId}/members/${owner.id}`, { role: 'viewer' })).statusCode).toBe(422);
    const stranger: Member = await member(app);
    expect((await owner.call('PATCH', `/lists/${listId}/members/${stranger.id}`, { role: 'viewer' })).statusCode).toBe(404);

    expect((await owner.call('DELETE', `/lists/${listId}/members/${teammate.id}`)).statusCode).toBe(204);
    expect((await teammate.call('GET', `/lists/${listId}/items`)).statusCode).toBe(404);
    expect((await owner.call('DELETE', `/lists/${listId}/members/${teammate.id}`)).statusCode).toBe(404);
  });

  it(`mails at most ${INVITATIONS_PER_HOUR} invitations an hour per user`, async () => {
    const { owner, listId } = await ownerWithList();
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) {
      const res = await owner.call('POST', `/lists/${listId}/members`, { email: `many${i}@example.test`, role: 'viewer' });
      expect(res.statusCode).toBe(201);
    }
    const over = await owner.call('POST', `/lists/${listId}/members`, { email: 'one-more@example.test', role: 'viewer' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    const other = await ownerWithList();
    expect((await other.owner.call('POST', `/lists/${other.listId}/members`, { email: 'one-more@example.test', role: 'viewer' })).statusCode).toBe(201);
  });
});
