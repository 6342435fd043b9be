import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 hashes with argon2id by default (19 MiB, 2 passes: OWASP's baseline).

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when there is no account, so an unknown address
 * answers as slowly as a wrong password and timing does not tell which addresses exist.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hash('decoy password that matches no account');
  await verifyPassword(await decoyHash, password);
  return false;
}
