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
