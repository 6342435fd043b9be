import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { alreadyRegisteredMail, resetPasswordMail, verifyEmailMail } from '../../mail/templates.js';
import { HttpError } from '../../plugins/error-handler.js';
import type { BackgroundTasks } from './background-tasks.js';
import {
  confirmationProblem,
  emailProblem,
  firstProblem,
  newPasswordProblem,
  normalizeEmail,
  requiredProblem,
} from './credential-rules.js';
import { consumeEmailToken, createEmailToken, retireEmailTokens } from './email-tokens.js';
import { dropOtpCodes } from './otp-codes.js';
import { hashPassword } from './passwords.js';
import { AUTH_RATE_RULES } from './rate-limits.js';
import { forgotPasswordSchema, registerSchema, resetPasswordSchema, verifyEmailSchema } from './schemas.js';
import { revokeSessions, startSession } from './sessions.js';
import { findUserByEmail } from './users.js';
import { ACCOUNT_MESSAGES } from '../../../shared/form-rules.js';



const REGISTERED = "Registration successful! We've sent a verification link to your email.";
const RESET_SENT = "If an account exists for that address, we've sent it a password reset link.";

/** Signing up, verifying the address, and resetting a forgotten password. */
export async function accountRoutes(instance: FastifyInstance, { tasks }: { tasks: BackgroundTasks }) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const link = (path: string) => `${app.config.appUrl}${path}`;

  async function mailVerificationLink(user: { id: number; email: string; first_name: string }) {
    const token = await createEmailToken(app.db, user.id, 'verify_email');
    tasks.run('verification mail', () => app.mailer.send(verifyEmailMail(user, link(`/verify-email/${token}`))));
  }

  app.post(
    '/register',
    { schema: registerSchema, preHandler: app.rateLimited(AUTH_RATE_RULES.register) },
    async (request, reply) => {
      const { email, password, first_name, last_name } = request.body;
      const problem = firstProblem(
        emailProblem(email),
        newPasswordProblem(password),
        requiredProblem(first_name, ACCOUNT_MESSAGES.firstNameRequired),
        requiredProblem(last_name, ACCOUNT_MESSAGES.lastNameRequired),
      );
      if (problem) throw new HttpError(422, problem);

      // Hashed on every path, so a taken address answers neither faster nor slower than a free one.
      const account = {
        email: normalizeEmail(email!),
        password_hash: await hashPassword(password!),
        first_name: first_name!.trim(),
        last_name: last_name!.trim(),
      };
      const [created] = await app.db.insert(users).values(account).onConflictDoNothing().returning();
      if (created) {
        await mailVerificationLink(created);
      } else {
        const existing = await findUserByEmail(app.db, account.email);
        if (!existing) throw new Error('registration conflicted but no account holds the address');
        if (existing.email_verified_at) {
          tasks.run('already-registered mail', () =>
            app.mailer.send(alreadyRegisteredMail(existing, link('/login'), link('/forgot-password'))),
          );
        } else {
          // Nobody has proven this mailbox yet: the latest sign-up's password and name win, and only
          // whoever reads the mailbox can verify (and, through the login code, ever log in).
          const [updated] = await app.db
            .update(users)
            .set({
              password_hash: account.password_hash,
              first_name: account.first_name,
              last_name: account.last_name,
              updated_at: new Date(),
            })
            .where(eq(users.id, existing.id))
            .returning();
          await mailVerificationLink(updated);
        }
      }
      // The same answer whether or not the address was taken (302 means success to the client).
      return reply.status(302).send({ detail: REGISTERED });
    },
  );

  app.post(
    '/verify-email',
    { schema: verifyEmailSchema },
    async (request) => {
      const userId = await consumeEmailToken(app.db, request.body.verification_id, 'verify_email');
      await app.db
        .update(users)
        .set({ email_verified_at: sql`coalesce(${users.email_verified_at}, now())`, updated_at: new Date() })
        .where(eq(users.id, userId));
      return startSession(app.db, app.config.jwtSecret, userId);
    },
  );

  app.post(
    '/forgot-password',
    { schema: forgotPasswordSchema, preHandler: app.rateLimited(AUTH_RATE_RULES.forgotPassword) },
    async (request) => {
      const problem = emailProblem(request.body.email);
      if (problem) throw new HttpError(422, problem);
      const email = normalizeEmail(request.body.email!);
      // Looked up after the answer has gone: known and unknown addresses answer alike, in the same time.
      tasks.run('password reset mail', async () => {
        const user = await findUserByEmail(app.db, email);
        if (!user) return;
        const token = await createEmailToken(app.db, user.id, 'reset_password');
        await app.mailer.send(resetPasswordMail(user, link(`/reset-password/${token}`)));
      });
      return { message: RESET_SENT };
    },
  );

  app.post('/reset-password', { schema: resetPasswordSchema }, async (request) => {
    const { new_password, confirm_password, token } = request.body;
    // The password is checked before the token is used up, so a typo does not cost the link.
    const problem = firstProblem(
      newPasswordProblem(new_password),
      confirmationProblem(new_password, confirm_password),
      requiredProblem(token, 'Reset token is required'),
    );
    if (problem) throw new HttpError(422, problem);
    const passwordHash = await hashPassword(new_password!);
    await app.db.transaction(async (tx) => {
      const userId = await consumeEmailToken(tx, token!, 'reset_password');
      // The link proved the mailbox, so the address counts as verified from now on.
      await tx
        .update(users)
        .set({
          password_hash: passwordHash,
          email_verified_at: sql`coalesce(${users.email_verified_at}, now())`,
          updated_at: new Date(),
        })
        .where(eq(users.id, userId));
      await retireEmailTokens(tx, userId, 'reset_password');
      await revokeSessions(tx, userId);
      await dropOtpCodes(tx, userId);
    });
    return { message: 'Password has been updated' };
  });
}
