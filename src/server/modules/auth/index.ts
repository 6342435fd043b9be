import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account-routes.js';
import { createBackgroundTasks } from './background-tasks.js';
import { profileRoutes } from './profile-routes.js';
import { sessionRoutes } from './session-routes.js';

/** The auth calls under /api/v1/auth: sign-up, log-in with a mailed code, tokens, profile, passwords. */
export async function authModule(app: FastifyInstance) {
  const tasks = createBackgroundTasks(app.log);
  app.addHook('onClose', () => tasks.settled());
  await app.register(accountRoutes, { tasks });
  await app.register(sessionRoutes, { tasks });
  await app.register(profileRoutes);
}
