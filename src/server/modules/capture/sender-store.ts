// The addresses besides the log-in one that a founder sends from: her captured mail is hers only when its From is
// one of them, verified by a mailed link (its token names the address: `ID.SECRET`, stored hashed, single use).
import { and, asc, eq, sql } from 'drizzle-orm';
import { CAPTURE_LIMITS, CAPTURE_MESSAGES, type SenderAddress } from '../../../shared/capture.js';
import type { Db } from '../../db/client.js';
import { emailTokens, senderAddresses, users } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError } from '../../plugins/error-handler.js';
import { consumeEmailToken, EMAIL_TOKEN_TTL_MS } from '../auth/email-tokens.js';
import { hashToken, newOpaqueToken } from '../auth/secrets.js';

const s = senderAddresses;

/** Her log-in address first (it cannot be removed), then those she added, in the order she added them. */
export async function sendersOf(db: Db, userId: number): Promise<SenderAddress[]> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const added = await db
    .select({ id: s.id, email: s.email, verified_at: s.verified_at })
    .from(s)
    .where(eq(s.user_id, userId))
    .orderBy(asc(s.id));
  return [
    { id: null, email: user.email, verified: true },
    ...added.map((row) => ({ id: row.id, email: row.email, verified: row.verified_at !== null })),
  ];
}

/** Its address verified by another account: a verified address belongs to one. */
async function verifiedByAnother(db: Db, userId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(s)
    .where(and(sql`lower(${s.email}) = ${email}`, sql`${s.verified_at} IS NOT NULL`, sql`${s.user_id} <> ${userId}`));
  return row !== undefined;
}

export interface SenderAdded {
  sender: SenderAddress;
  /** What the link to verify it carries. */
  token: string;
  /** A new address (201), or one she had added and not yet verified: a new link goes (200). */
  created: boolean;
}

/**
 * Adds an address of hers (lower-cased) and makes the token of its link; one she added before and has not verified
 * gets a new link. Her log-in address, one she verified, one another account verified (409) and a sixth (422) are
 * refused.
 */
export async function addSender(db: Db, userId: number, email: string): Promise<SenderAdded> {
  return writeTransaction(db, async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
    if (user.email.toLowerCase() === email) throw new HttpError(409, CAPTURE_MESSAGES.senderIsLogin);
    if (await verifiedByAnother(tx, userId, email)) throw new HttpError(409, CAPTURE_MESSAGES.senderTaken);
    const held = await tx.select({ id: s.id, email: s.email, verified_at: s.verified_at }).from(s).where(eq(s.user_id, userId));
    let row = held.find((sender) => sender.email.toLowerCase() === email);
    if (row?.verified_at) throw new HttpError(409, CAPTURE_MESSAGES.senderExists);
    const created = row === undefined;
    if (!row) {
      if (held.length >= CAPTURE_LIMITS.senderAddresses) throw new HttpError(422, CAPTURE_MESSAGES.senderLimit);
      [row] = await tx.insert(s).values({ user_id: userId, email }).returning({ id: s.id, email: s.email, verified_at: s.verified_at });
    }
    // The address's id is part of what is hashed: a link verifies the address it was mailed to, no other.
    const token = `${row.id}.${newOpaqueToken()}`;
    await tx.insert(emailTokens).values({
      user_id: userId,
      purpose: 'verify_sender',
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + EMAIL_TOKEN_TTL_MS.verify_sender),
    });
    return { sender: { id: row.id, email: row.email, verified: false }, token, created };
  });
}

export async function deleteSender(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db.delete(s).where(and(eq(s.id, id), eq(s.user_id, userId))).returning({ id: s.id });
  if (deleted.length === 0) throw new HttpError(404, CAPTURE_MESSAGES.senderNotFound);
}

const LINK_TOKEN = /^(\d{1,10})\.[A-Za-z0-9_-]{20,100}$/;

function isUniqueViolation(error: unknown): boolean {
  let e = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++, e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The mailed link's token verifies the address it names (no log-in needed: the link may be opened on another
 * device); a token used, expired or unknown is a 400, an address another account verified meanwhile a 409.
 */
export async function verifySender(db: Db, token: string): Promise<{ email: string }> {
  const match = LINK_TOKEN.exec(token);
  if (!match) throw new HttpError(400, CAPTURE_MESSAGES.senderLinkInvalid);
  return writeTransaction(db, async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'verify_sender');
    const [row] = await tx
      .select({ id: s.id, email: s.email, verified_at: s.verified_at })
      .from(s)
      .where(and(eq(s.id, Number(match[1])), eq(s.user_id, userId)))
      .for('update');
    if (!row) throw new HttpError(400, CAPTURE_MESSAGES.senderLinkInvalid);
    if (row.verified_at) return { email: row.email };
    if (await verifiedByAnother(tx, userId, row.email.toLowerCase())) throw new HttpError(409, CAPTURE_MESSAGES.senderTaken);
    try {
      await tx.update(s).set({ verified_at: new Date() }).where(eq(s.id, row.id));
    } catch (error) {
      // Another account verified it at the same moment: the unique index of verified addresses keeps one.
      if (isUniqueViolation(error)) throw new HttpError(409, CAPTURE_MESSAGES.senderTaken);
      throw error;
    }
    return { email: row.email };
  });
}
