import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailTokens } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { hashToken, newOpaqueToken } from './secrets.js';

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'verify_sender';

/** How long a mailed link works: a day to verify an address (a sender address too), an hour to reset a password. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  verify_sender: 24 * 60 * 60 * 1000,
};

const WHAT: Record<EmailTokenPurpose, { name: string; expired: string }> = {
  verify_email: { name: 'This verification link', expired: 'Log in to get a new one.' },
  reset_password: { name: 'This password reset link', expired: 'Please request a new one.' },
  verify_sender: { name: 'This verification link', expired: 'Add the address again to get a new one.' },
};

/** A new single-use link token for the user; only its hash is stored. */
export async function createEmailToken(db: Db, userId: number, purpose: EmailTokenPurpose): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(emailTokens).values({
    user_id: userId,
    purpose,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/** Uses up a link token and answers its user; an unknown, used or expired token is a 400 with the reason. */
export async function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose): Promise<number> {
  const what = WHAT[purpose];
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.token_hash, hashToken(token)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!row) throw new HttpError(400, `${what.name} is invalid.`);
  if (row.used_at) throw new HttpError(400, `${what.name} has already been used.`);
  const now = new Date();
  if (row.expires_at <= now) throw new HttpError(400, `${what.name} has expired. ${what.expired}`);
  // Claimed with a guarded update, so two simultaneous uses cannot both succeed.
  const claimed = await db
    .update(emailTokens)
    .set({ used_at: now })
    .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.used_at)))
    .returning({ id: emailTokens.id });
  if (claimed.length === 0) throw new HttpError(400, `${what.name} has already been used.`);
  return row.user_id;
}

/** Marks every unused token of that purpose as used, e.g. other reset links once a password is reset. */
export async function retireEmailTokens(db: Db, userId: number, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ used_at: new Date() })
    .where(and(eq(emailTokens.user_id, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.used_at)));
}
