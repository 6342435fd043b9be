import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

function key(secret: string) {
  return new TextEncoder().encode(secret);
}

/** A short-lived HS256 JWT naming the user; refresh tokens are opaque and live in the database. */
export async function signAccessToken(secret: string, userId: number, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

/** The user id of a valid, unexpired access token, or null. */
export async function verifyAccessToken(secret: string, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const id = Number(payload.sub);
    return payload.typ === 'access' && Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}
