import type { FastifyInstance } from 'fastify';
import type { Mail } from '../../mail/mailer.js';
import { HttpError } from '../../plugins/error-handler.js';

/** Sends a mail the caller is waiting for; if the mail server fails, the caller is told so (503). */
export async function sendMailNow(app: FastifyInstance, mail: Mail): Promise<void> {
  try {
    await app.mailer.send(mail);
  } catch (err) {
    app.log.error({ err }, 'sending mail failed');
    throw new HttpError(503, 'We could not send the email just now. Please try again in a few minutes.');
  }
}
