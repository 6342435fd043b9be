import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '@/lib/session';

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  queryClient: QueryClient;
  /** The browser session: isLoggedIn() drives the guards (logged-out visitors to /login, logged-in ones away from the auth pages). */
  auth: Session;
}
