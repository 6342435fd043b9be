/**
 * Focuses the first visible toast: its first action button when it has one (so Enter triggers it),
 * else the toast itself, made focusable for the purpose. Returns whether a toast was there.
 */
export function focusFirstToast(root: Document): boolean {
  const toasts = root.querySelectorAll<HTMLElement>('.notistack-SnackbarContainer [role="alert"]');
  const toast = toasts[0];
  if (!toast) return false;
  const action = toast.querySelector<HTMLElement>('button, a[href]');
  if (action) {
    action.focus();
  } else {
    toast.tabIndex = -1;
    toast.focus();
  }
  return true;
}
