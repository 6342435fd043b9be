import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { User } from '../../../shared/api-types.js';
import { users } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { confirmationProblem, firstProblem, newPasswordProblem, requiredProblem } from './credential-rules.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { AUTH_RATE_RULES } from './rate-limits.js';
import { changePasswordSchema, getMeSchema, putMeSchema } from './schemas.js';
import { revokeSessions } from './sessions.js';
import { findUserById, toUser, type UserRow } from './users.js';
import { ACCOUNT_MESSAGES } from '../../../shared/form-rules.js';


/** The signed-in user's own account: profile and password. */
export async function profileRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  async function currentUser(userId: number): Promise<UserRow> {
    const user = await findUserById(app.db, userId);
    // A valid token for an account that has since been deleted.
    if (!user) throw new HttpError(401, 'This account no longer exists');
    return user;
  }

  app.get('/me', { schema: getMeSchema }, async (request): Promise<User> => toUser(await currentUser(request.userId)));

  app.put(
    '/me',
    { schema: putMeSchema },
    async (request): Promise<User> => {
      const { first_name, last_name } = request.body;
      const problem = firstProblem(
        requiredProblem(first_name, ACCOUNT_MESSAGES.profileFirstNameRequired),
        requiredProblem(last_name, ACCOUNT_MESSAGES.profileLastNameRequired),
      );
      if (problem) throw new HttpError(422, problem);
      const [updated] = await app.db
        .update(users)
        .set({ first_name: first_name!.trim(), last_name: last_name!.trim(), updated_at: new Date() })
        .where(eq(users.id, request.userId))
        .returning();
      if (!updated) throw new HttpError(401, 'This account no longer exists');
      return toUser(updated);
    },
  );

  app.post(
    '/change-password',
    { schema: changePasswordSchema, preHandler: app.rateLimited(AUTH_RATE_RULES.changePassword) },
    async (request) => {
      const { current_password, new_password, confirm_password } = request.body;
      const problem = firstProblem(
        requiredProblem(current_password, ACCOUNT_MESSAGES.currentPasswordRequired),
        newPasswordProblem(new_password, ACCOUNT_MESSAGES.newPasswordRequired),
        confirmationProblem(new_password, confirm_password),
      );
      if (problem) throw new HttpError(422, problem);
      const user = await currentUser(request.userId);
      if (!(await verifyPassword(user.password_hash, current_password!))) {
        throw new HttpError(400, 'Current password is incorrect');
      }
      await app.db
        .update(users)
        .set({ password_hash: await hashPassword(new_password!), updated_at: new Date() })
        .where(eq(users.id, user.id));
      // Everywhere else is logged out; the session that changed the password stays.
      await revokeSessions(app.db, user.id, request.sessionId);
      return { message: 'Password updated successfully' };
    },
  );
}
