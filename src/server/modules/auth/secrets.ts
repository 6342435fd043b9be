import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../../shared/constants.js';

/** 256 random bits, URL-safe: refresh tokens and the tokens in mailed links. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How opaque tokens are stored: their SHA-256. They carry 256 bits, so a plain hash cannot be guessed back. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A uniformly random code of OTP_LENGTH digits, leading zeros kept. */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * A code has only a million values, so a bare hash would be reversed in a moment from a leaked table;
 * keyed with the server secret and bound to the user, it is useless without both.
 */
export function hashOtpCode(secret: string, userId: number, code: string): string {
  return createHmac('sha256', secret).update(`otp:${userId}:${code}`).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
