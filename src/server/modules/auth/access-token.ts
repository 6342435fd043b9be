import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

function key(secret: string) {
  return new TextEncoder().encode(secret);
}

export interface AccessClaims {
  userId: number;
  /** The refresh-token family (one login) the token was issued for; absent on tokens minted elsewhere. */
  sessionId: string | null;
  /** When the token expires, in seconds since the epoch (its `exp`). */
  expiresAt: number;
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

/** Tokens a reader remembers as verified; past this, the longest-held is forgotten. */
const REMEMBERED_TOKENS = 10_000;

/**
 * Reads the access tokens signed with one secret. A token verified once is answered from memory until
 * it expires: jose verifies an HS256 signature as a WebCrypto job on libuv's thread pool, and every data
 * call carries the same token for its 15 minutes, so each call would wait for that pool (a millisecond
 * or more on the odd call of a busy machine). Only tokens whose signature was verified are remembered.
 */
export class AccessTokenReader {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: AccessClaims; expires: number }>();

  constructor(secret: string) {
    this.key = key(secret);
  }

  /** The claims of a valid, unexpired access token, or null. */
  async read(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known !== undefined) {
      // As jose judges it: expired once the current second reaches `exp`.
      if (Math.floor(Date.now() / 1000) < known.expires) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (payload.typ !== 'access' || !Number.isInteger(id) || payload.exp === undefined) return null;
      const claims = { userId: id, sessionId: typeof payload.sid === 'string' ? payload.sid : null, expiresAt: payload.exp };
      if (this.verified.size >= REMEMBERED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { claims, expires: payload.exp });
      return claims;
    } catch {
      return null;
    }
  }
}
