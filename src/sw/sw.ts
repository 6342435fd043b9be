// The service worker (vite-plugin-pwa injectManifest). It precaches the built shell and every route
// chunk, answers page navigations with the precached index.html, and leaves /api/ alone: API answers
// are never cached here — the app keeps the data it needs offline in IndexedDB.
//
// A first install takes control of the open page at once (clientsClaim), so the app works offline
// without a reload. A new version waits until the user picks 'Reload' (the SKIP_WAITING message);
// it is never forced on an open page.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A deck link (/d/TOKEN) is not the app: the server answers it, every time.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//, /^\/d\//] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
