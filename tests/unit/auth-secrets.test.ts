import { describe, expect, it } from 'vitest';
import { hashOtpCode, hashToken, newOpaqueToken, newOtpCode, sameDigest } from '../../src/server/modules/auth/secrets.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../../src/server/modules/auth/passwords.js';

describe('auth secrets', () => {
  it('makes URL-safe 256-bit tokens that never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newOpaqueToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores tokens as their SHA-256', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('makes 6-digit codes, leading zeros kept, spread over all digits', () => {
    const codes = Array.from({ length: 5000 }, newOtpCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    const firstDigits = new Set(codes.map((c) => c[0]));
    expect(firstDigits.size).toBe(10);
  });

  it('keys code hashes with the secret and binds them to the user', () => {
    const base = hashOtpCode('secret-a', 1, '123456');
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOtpCode('secret-a', 1, '123456')).toBe(base);
    expect(hashOtpCode('secret-b', 1, '123456')).not.toBe(base);
    expect(hashOtpCode('secret-a', 2, '123456')).not.toBe(base);
    expect(hashOtpCode('secret-a', 1, '123457')).not.toBe(base);
  });

  it('compares digests', () => {
    expect(sameDigest(hashToken('x'), hashToken('x'))).toBe(true);
    expect(sameDigest(hashToken('x'), hashToken('y'))).toBe(false);
    expect(sameDigest('abcd', 'abcdef')).toBe(false);
  });

  it('hashes passwords with argon2id and verifies them', async () => {
    const hash = await hashPassword('Secret!234');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Secret!234')).toBe(true);
    expect(await verifyPassword(hash, 'Secret!235')).toBe(false);
    expect(await verifyPassword('not a hash', 'Secret!234')).toBe(false);
    expect(await verifyAgainstDecoy('Secret!234')).toBe(false);
  });
});
