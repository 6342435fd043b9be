/** Where a logged-out visitor was headed, kept in the `redirect` search param of /login. */
export interface RedirectSearch {
  redirect?: string;
}

/** Only a path on this site: an absolute or protocol-relative URL would make /login an open redirect. */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return undefined;
  }
  return value;
}

export function validateRedirectSearch(search: Record<string, unknown>): RedirectSearch {
  const redirect = safeRedirect(search.redirect);
  return redirect ? { redirect } : {};
}

/** Where to land after logging in: the remembered page, else the investors table. */
export const HOME_PATH = '/investors';

const RETURN_AFTER_SIGN_UP = 'fundscape.return-after-sign-up';

/**
 * A page to come back to once a new account is verified and logged in: an invitation's, whose link
 * was opened before signing up. Kept on this device (the verification mail may open another tab) until
 * the next log-in takes it.
 */
export function rememberReturnAfterSignUp(path: string): void {
  try {
    localStorage.setItem(RETURN_AFTER_SIGN_UP, path);
  } catch {
    // Storage refused (private mode): the invitation's link still works when opened again.
  }
}

/** The remembered page, once: a log-in with no `redirect` of its own lands there. */
export function takeReturnAfterSignUp(): string | undefined {
  try {
    const path = safeRedirect(localStorage.getItem(RETURN_AFTER_SIGN_UP));
    localStorage.removeItem(RETURN_AFTER_SIGN_UP);
    return path;
  } catch {
    return undefined;
  }
}
