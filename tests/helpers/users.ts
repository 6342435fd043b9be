import type { FastifyInstance } from 'fastify';
import { hash } from '@node-rs/argon2';
import type { Db } from '../../src/server/db/client.js';
import { users } from '../../src/server/db/schema.js';
import { startSession } from '../../src/server/modules/auth/sessions.js';

let counter = 0;

/** One argon2 hash per password per suite: each costs a CPU-bound 19 MiB pass, and a salt of its own proves nothing here. */
const hashes = new Map<string, Promise<string>>();
const passwordHash = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hash(password));
  return hashes.get(password)!;
};

/**
 * A verified user written straight to the database, logged in: a session of its own, whose access token
 * the server accepts until the session ends (a server in another process too, given the same secret).
 */
export async function insertVerifiedUser(db: Db, jwtSecret: string, password = 'Secret!234') {
  counter += 1;
  const email = `founder${counter}-${Date.now()}@example.test`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      password_hash: await passwordHash(password),
      first_name: 'Ada',
      last_name: `Founder${counter}`,
      email_verified_at: new Date(),
    })
    .returning();
  const tokens = await startSession(db, jwtSecret, user.id);
  const token = tokens.access_token;
  return { user, email, password, token, tokens, headers: { authorization: `Bearer ${token}` } };
}

/** A verified, logged-in user of the app, with a valid access token for inject calls. */
export function createVerifiedUser(app: FastifyInstance, password = 'Secret!234') {
  return insertVerifiedUser(app.db, app.config.jwtSecret, password);
}
