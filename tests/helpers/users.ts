import type { FastifyInstance } from 'fastify';
import { hash } from '@node-rs/argon2';
import { users } from '../../src/server/db/schema.js';
import { signAccessToken } from '../../src/server/modules/auth/access-token.js';

let counter = 0;

/** A verified user written straight to the database, with a valid access token for inject calls. */
export async function createVerifiedUser(app: FastifyInstance, password = 'Secret!234') {
  counter += 1;
  const email = `founder${counter}-${Date.now()}@example.test`;
  const [user] = await app.db
    .insert(users)
    .values({
      email,
      password_hash: await hash(password),
      first_name: 'Ada',
      last_name: `Founder${counter}`,
      email_verified_at: new Date(),
    })
    .returning();
  const token = await signAccessToken(app.config.jwtSecret, user.id);
  return { user, email, password, token, headers: { authorization: `Bearer ${token}` } };
}
