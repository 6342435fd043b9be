// The installed app's icon badge (the Badging API). Where the browser has no such API, or the app is
// not installed, every call does nothing: a badge is a hint, never worth an error.

function badging(): Pick<Navigator, 'setAppBadge' | 'clearAppBadge'> | null {
  if (typeof navigator === 'undefined' || typeof navigator.setAppBadge !== 'function' || typeof navigator.clearAppBadge !== 'function') return null;
  return navigator;
}

/** Whether this browser can badge the app's icon. */
export const canBadgeApp = (): boolean => badging() !== null;

/** Shows `count` on the app's icon, or no badge at all for 0. */
export function setAppBadgeCount(count: number): void {
  const api = badging();
  if (!api) return;
  // A browser may refuse (a document not allowed to badge, say): the icon then stays as it is.
  void (count > 0 ? api.setAppBadge(count) : api.clearAppBadge()).catch(() => undefined);
}

/** Removes the app's badge. */
export const clearAppBadge = (): void => setAppBadgeCount(0);
