import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { OTP_LENGTH } from '../../../shared/constants.js';
import type { LoginCodeSent } from '../../../shared/api-types.js';
import { loginCodeMail, verifyEmailMail } from '../../mail/templates.js';
import { HttpError } from '../../plugins/error-handler.js';
import type { BackgroundTasks } from './background-tasks.js';
import { emailProblem, firstProblem, normalizeEmail, requiredProblem } from './credential-rules.js';
import { createEmailToken } from './email-tokens.js';
import { sendMailNow } from './mail-now.js';
import { checkOtpCode, issueOtpCode, OTP_TTL_MS } from './otp-codes.js';
import { verifyAgainstDecoy, verifyPassword } from './passwords.js';
import { AUTH_RATE_RULES } from './rate-limits.js';
import { loginSchema, logoutSchema, refreshSchema, verifyOtpSchema } from './schemas.js';
import { endSession, rotateSession, startSession } from './sessions.js';
import { findUserByEmail } from './users.js';
import { ACCOUNT_MESSAGES } from '../../../shared/form-rules.js';


const WRONG_CREDENTIALS = 'Invalid email or password';

/** Logging in: password, then the mailed code, then tokens; trading refresh tokens; logging out. */
export async function sessionRoutes(instance: FastifyInstance, { tasks }: { tasks: BackgroundTasks }) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/login',
    { schema: loginSchema, preHandler: app.rateLimited(AUTH_RATE_RULES.login) },
    async (request, reply) => {
      const { email, password } = request.body;
      const problem = firstProblem(emailProblem(email), requiredProblem(password, ACCOUNT_MESSAGES.passwordRequired));
      if (problem) throw new HttpError(422, problem);

      const user = await findUserByEmail(app.db, normalizeEmail(email!));
      const passwordOk = user ? await verifyPassword(user.password_hash, password!) : await verifyAgainstDecoy(password!);
      if (!user || !passwordOk) throw new HttpError(401, WRONG_CREDENTIALS);

      if (!user.email_verified_at) {
        // Only someone who knows the password learns this; a fresh link helps if the first one expired.
        const token = await createEmailToken(app.db, user.id, 'verify_email');
        tasks.run('verification mail', () =>
          app.mailer.send(verifyEmailMail(user, `${app.config.appUrl}/verify-email/${token}`)),
        );
        throw new HttpError(
          403,
          'Please verify your email before logging in. We have sent you a new verification link.',
        );
      }

      const code = await issueOtpCode(app.db, app.config.jwtSecret, user.id);
      await sendMailNow(app, loginCodeMail(user, code, OTP_TTL_MS / 60_000));
      const answer: LoginCodeSent = {
        user_id: user.id,
        email: user.email,
        detail: `We've sent a ${OTP_LENGTH}-digit code to your email.`,
      };
      // 302 means "code sent" (the client's contract): the body carries user_id and there is no Location header.
      return reply.status(302).send(answer);
    },
  );

  app.post(
    '/verify-otp',
    { schema: verifyOtpSchema, preHandler: app.rateLimited(AUTH_RATE_RULES.verifyOtp) },
    async (request) => {
      const { user_id: userId, code = '' } = request.body;
      if (code.trim().length !== OTP_LENGTH) throw new HttpError(422, 'Please fill the OTP code');
      if (!/^\d+$/.test(code.trim())) throw new HttpError(422, `The code is ${OTP_LENGTH} digits`);
      await checkOtpCode(app.db, app.config.jwtSecret, userId, code.trim());
      return startSession(app.db, app.config.jwtSecret, userId);
    },
  );

  app.post('/refresh', { schema: refreshSchema }, async (request) =>
    rotateSession(app.db, app.config.jwtSecret, request.body.refresh_token),
  );

  app.post('/logout', { schema: logoutSchema }, async (request, reply) => {
    await endSession(app.db, request.body.refresh_token);
    return reply.status(204).send(null);
  });
}
