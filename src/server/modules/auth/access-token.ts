import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

function key(secret: string) {
  return new TextEncoder().encode(secret);
}

export interface AccessClaims {
  userId: number;
  /** The refresh-token family (one login) the token was issued for; absent on tokens minted elsewhere. */
  sessionId: string | null;
}

/** A short-lived HS256 JWT naming the user; refresh tokens are opaque and live in the database. */
export async function signAccessToken(
  secret: string,
  userId: number,
  now = Date.now(),
  sessionId?: string,
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT(sessionId ? { typ: 'access', sid: sessionId } : { typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

/** The claims of a valid, unexpired access token, or null. */
export async function readAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const id = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(id)) return null;
    return { userId: id, sessionId: typeof payload.sid === 'string' ? payload.sid : null };
  } catch {
    return null;
  }
}
