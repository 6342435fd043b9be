import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { otpCodes } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { hashOtpCode, newOtpCode, sameDigest } from './secrets.js';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_TRIES = 5;

/** A new login code for the user; it replaces any earlier one, so only the latest mail's code works. */
export async function issueOtpCode(db: Db, secret: string, userId: number): Promise<string> {
  const code = newOtpCode();
  await db.transaction(async (tx) => {
    await tx.delete(otpCodes).where(eq(otpCodes.user_id, userId));
    await tx.insert(otpCodes).values({
      user_id: userId,
      code_hash: hashOtpCode(secret, userId, code),
      expires_at: new Date(Date.now() + OTP_TTL_MS),
    });
  });
  return code;
}

const LOG_IN_AGAIN = 'Please log in again to get a new code.';

/**
 * Checks a login code. Every try is counted before the comparison, with a guarded update, so no more
 * than OTP_MAX_TRIES comparisons ever happen, even for simultaneous requests. A match uses the code up.
 */
export async function checkOtpCode(db: Db, secret: string, userId: number, code: string): Promise<void> {
  const now = new Date();
  const [latest] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(eq(otpCodes.user_id, userId))
    .orderBy(desc(otpCodes.id))
    .limit(1);
  const [counted] = latest
    ? await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(
          and(
            eq(otpCodes.id, latest.id),
            isNull(otpCodes.consumed_at),
            gt(otpCodes.expires_at, now),
            lt(otpCodes.attempts, OTP_MAX_TRIES),
          ),
        )
        .returning()
    : [];
  if (!counted) throw new HttpError(400, await whyUnusable(db, latest?.id, now));

  if (!sameDigest(counted.code_hash, hashOtpCode(secret, userId, code))) {
    const left = OTP_MAX_TRIES - counted.attempts;
    throw new HttpError(
      400,
      left > 0
        ? `The code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : `The code is incorrect and no tries are left. ${LOG_IN_AGAIN}`,
    );
  }
  const consumed = await db
    .update(otpCodes)
    .set({ consumed_at: now })
    .where(and(eq(otpCodes.id, counted.id), isNull(otpCodes.consumed_at)))
    .returning({ id: otpCodes.id });
  if (consumed.length === 0) throw new HttpError(400, `This code has already been used. ${LOG_IN_AGAIN}`);
}

async function whyUnusable(db: Db, id: number | undefined, now: Date): Promise<string> {
  const [row] = id === undefined ? [] : await db.select().from(otpCodes).where(eq(otpCodes.id, id));
  if (!row) return `No code is pending for this account. ${LOG_IN_AGAIN}`;
  if (row.consumed_at) return `This code has already been used. ${LOG_IN_AGAIN}`;
  if (row.expires_at <= now) return `This code has expired. ${LOG_IN_AGAIN}`;
  return `Too many wrong codes. ${LOG_IN_AGAIN}`;
}

/** Drops every pending code of the user, e.g. once the password is reset. */
export async function dropOtpCodes(db: Db, userId: number): Promise<void> {
  await db.delete(otpCodes).where(eq(otpCodes.user_id, userId));
}
