import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadComponentChunk } from './chunk-reload';

/** Resolves at once when the browser is online, else at its next 'online' event. */
function backOnline(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * React.lazy for a component's own chunk (a dialog's content, the toast host). Offline, before the service
 * worker holds the chunk, React.lazy would fail and take down what is around it — for the toast host, the
 * whole app. This one keeps its Suspense fallback until the browser is back online and loads the chunk then.
 * Online, a chunk that cannot be loaded fails as before, for the nearest error boundary (and the page
 * reloads once: chunk-reload.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any component
export function lazyComponent<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(async () => {
    for (;;) {
      const module = await loadComponentChunk(load);
      if (module?.default) return module;
      if (navigator.onLine) throw new Error('A part of the page could not be loaded.');
      await backOnline();
    }
  });
}
