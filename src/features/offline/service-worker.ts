// Registers the service worker (src/sw/sw.ts, built to /sw.js) in production builds and reports the
// two moments the user hears about: the first install (the app now works offline) and a new version
// waiting — which only takes over when the user asks for it.
import type { Workbox } from 'workbox-window';
import { afterFirstPaint } from '@/lib/after-first-paint';

export interface ServiceWorkerEvents {
  onOfflineReady: () => void;
  /** A new version is installed and waiting; `activate` switches to it and reloads the page. */
  onUpdateWaiting: (activate: () => void) => void;
}

const UPDATE_CHECK_MS = 60 * 60 * 1000;

let registered = false;

/** Registers once per page; returns a function that stops the hourly update checks. */
export function registerServiceWorker(events: ServiceWorkerEvents): () => void {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return () => {};
  registered = true;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  // After the first paint: workbox-window, the worker's script and the precache it downloads would
  // otherwise compete with the page's own code and data on a phone's network.
  void afterFirstPaint()
    .then(() => import('workbox-window'))
    .then((module) => {
      if (!stopped) timer = register(new module.Workbox('/sw.js', { scope: '/' }), events);
    });
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

function register(workbox: Workbox, { onOfflineReady, onUpdateWaiting }: ServiceWorkerEvents) {
  workbox.addEventListener('installed', (event) => {
    if (!event.isUpdate) onOfflineReady();
  });
  workbox.addEventListener('waiting', () =>
    onUpdateWaiting(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    }),
  );
  void workbox.register();
  return setInterval(() => void workbox.update(), UPDATE_CHECK_MS);
}
