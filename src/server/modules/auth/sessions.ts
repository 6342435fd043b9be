import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Tokens } from '../../../shared/api-types.js';
import type { Db } from '../../db/client.js';
import { PreparedRows } from '../../db/query-rows.js';
import { WritesCount } from '../../db/remembered-reads.js';
import { refreshTokens } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { signAccessToken } from './access-token.js';
import { hashToken, newOpaqueToken } from './secrets.js';

// A session is one login: a family of refresh tokens, each used once and replaced by the next.

/** What every call that logs in answers: the token type is always bearer. */
export type IssuedTokens = Tokens & { token_type: 'bearer' };

/** What a call with a token of an ended session (logged out, password reset, token reused) is told. */
export const SESSION_ENDED = 'This session has ended. Please log in again.';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Every write in this process that can end a session (a revocation, deleting refresh tokens), counted. */
export const sessionEndings = new WritesCount();

const ending = <T>(write: PromiseLike<T>): Promise<T> => sessionEndings.of(write);

async function issueTokens(db: Db, secret: string, userId: number, familyId: string): Promise<IssuedTokens> {
  const refreshToken = newOpaqueToken();
  await db.insert(refreshTokens).values({
    user_id: userId,
    token_hash: hashToken(refreshToken),
    family_id: familyId,
    expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return {
    access_token: await signAccessToken(secret, userId, Date.now(), familyId),
    refresh_token: refreshToken,
    token_type: 'bearer',
  };
}

/** Tokens for a new login; the user's expired refresh tokens are cleared out on the way. */
export async function startSession(db: Db, secret: string, userId: number): Promise<IssuedTokens> {
  await ending(db.delete(refreshTokens).where(and(eq(refreshTokens.user_id, userId), lt(refreshTokens.expires_at, new Date()))));
  return issueTokens(db, secret, userId, randomUUID());
}

async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await ending(
    db
      .update(refreshTokens)
      .set({ revoked_at: new Date() })
      .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at))),
  );
}

const REUSED = 'This refresh token was already used, so the session has been ended. Please log in again.';

/**
 * Trades a refresh token for new tokens. A token already traded in means it leaked (or was stolen):
 * the whole family is revoked, so neither the thief nor the owner can go on without logging in again.
 */
export async function rotateSession(db: Db, secret: string, refreshToken: string): Promise<IssuedTokens> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, hashToken(refreshToken)))
    .limit(1);
  if (!row) throw new HttpError(401, 'Refresh token is invalid. Please log in again.');
  if (row.revoked_at) throw new HttpError(401, SESSION_ENDED);
  if (row.rotated_at) {
    await revokeFamily(db, row.family_id);
    throw new HttpError(401, REUSED);
  }
  const now = new Date();
  if (row.expires_at <= now) throw new HttpError(401, 'This session has expired. Please log in again.');

  const tokens = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotated_at: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotated_at), isNull(refreshTokens.revoked_at)))
      .returning({ id: refreshTokens.id });
    return claimed.length === 0 ? null : issueTokens(tx, secret, row.user_id, row.family_id);
  });
  if (tokens) return tokens;
  // Another request traded the same token in between: that is reuse too.
  await revokeFamily(db, row.family_id);
  throw new HttpError(401, REUSED);
}

/**
 * Log Out: ends the session the refresh token belongs to, whether it is the latest of its family or one
 * already rotated (either proves the device held it). An unknown token changes nothing: the answer is
 * the same, so a retried log-out succeeds.
 */
export async function endSession(db: Db, refreshToken: string): Promise<void> {
  const family = db
    .select({ family_id: refreshTokens.family_id })
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, hashToken(refreshToken)));
  await ending(
    db
      .update(refreshTokens)
      .set({ revoked_at: new Date() })
      .where(and(inArray(refreshTokens.family_id, family), isNull(refreshTokens.revoked_at))),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// For each session, whether one refresh token of its family is not revoked: the first such row on the family's
// index answers (a long session has a row per rotation).
const liveOfSessions = new PreparedRows(
  'live_sessions',
  sql`SELECT session.id FROM unnest(${sql.placeholder('ids')}::uuid[]) AS session(id)
    WHERE EXISTS (SELECT 1 FROM ${refreshTokens}
      WHERE ${refreshTokens.family_id} = session.id AND ${refreshTokens.revoked_at} IS NULL)`,
  // Every authenticated call makes it: on PGlite, planned once instead of each time (about half its cost).
  { pglite: 'prepared' },
);

/**
 * Which of these sessions (the `sid` of access tokens) are still on, in one lookup. Log Out, a password change
 * or reset, and a reused refresh token revoke the whole family, so the access tokens issued with it are refused
 * from the next call on, on every instance: it is read from the database each time. Every authenticated call
 * asks (through one BatchedReads), and a live stream's heartbeat ends those of the others.
 */
export async function liveSessions(db: Db, sessionIds: readonly string[]): Promise<Set<string>> {
  const ids = sessionIds.filter((id) => UUID.test(id));
  if (ids.length === 0) return new Set();
  const rows = await liveOfSessions.run(db, { ids });
  return new Set(rows.map((row) => String(row.id)));
}

/** Ends every session of the user, or every one but `keepFamilyId` (the caller's own). */
export async function revokeSessions(db: Db, userId: number, keepFamilyId: string | null = null): Promise<void> {
  const mine = eq(refreshTokens.user_id, userId);
  await ending(
    db
      .update(refreshTokens)
      .set({ revoked_at: new Date() })
      .where(
        and(mine, isNull(refreshTokens.revoked_at), keepFamilyId ? ne(refreshTokens.family_id, keepFamilyId) : undefined),
      ),
  );
}
