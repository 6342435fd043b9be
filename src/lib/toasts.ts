// The app's toasts, shown by notistack in a host that loads with the first toast: the log-in
// page and most first visits never fetch it (src/app/toasts/ToastProvider.tsx mounts the host).
import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

export type ToastOptions = OptionsObject;

/** What the mounted host does: notistack's enqueueSnackbar and closeSnackbar. */
export interface ToastHost {
  show: (message: SnackbarMessage, options?: ToastOptions) => SnackbarKey;
  close: (key?: SnackbarKey) => void;
}

let host: ToastHost | null = null;
let waiting: Array<[SnackbarMessage, ToastOptions | undefined]> = [];
let hostWanted = false;
const listeners = new Set<() => void>();

/** Shows a toast now, or as soon as the host has loaded. */
export function showToast(message: SnackbarMessage, options?: ToastOptions): void {
  if (host) {
    host.show(message, options);
    return;
  }
  waiting.push([message, options]);
  if (!hostWanted) {
    hostWanted = true;
    listeners.forEach((listener) => listener());
  }
}

/** Closes one toast (a key an action received), or all. */
export function closeToast(key?: SnackbarKey): void {
  host?.close(key);
}

/** The host attaches itself once mounted and shows the toasts asked for meanwhile. */
export function attachToastHost(mounted: ToastHost): () => void {
  host = mounted;
  const shown = waiting;
  waiting = [];
  shown.forEach(([message, options]) => mounted.show(message, options));
  return () => {
    if (host === mounted) host = null;
  };
}

/** Whether a toast has been asked for, so the host should be loaded (for useSyncExternalStore). */
export const toastHostWanted = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => hostWanted,
};
