// After a deploy, an open page may ask for a route chunk the server no longer has. Instead of a broken
// page it reloads — once: a second failure within a minute is shown as the error it is.
// A chunk that failed because the browser is offline (a page the service worker has not cached yet) is
// not reloaded at once, which would trade the app for the browser's offline page: the route shows its
// error, and the page reloads when the browser is back online. A component's chunk (lazy-component.ts)
// loads again by itself once back online, so its failure offline reloads nothing.
const RELOADED_AT_KEY = 'fundscape.chunk-reload-at';
const ONCE_WINDOW_MS = 60_000;

/** Component chunks being loaded now: Vite reports their failure through the same event as a route's. */
let componentChunkLoads = 0;

/** Loads a component's chunk: its module, or undefined if it could not be loaded. */
export async function loadComponentChunk<T>(load: () => Promise<T>): Promise<T | undefined> {
  componentChunkLoads += 1;
  try {
    return await load();
  } catch {
    return undefined;
  } finally {
    componentChunkLoads -= 1;
  }
}

function reloadOnce() {
  const now = Date.now();
  const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (now - last < ONCE_WINDOW_MS) return;
  window.sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  window.location.reload();
}

/**
 * Handles Vite's `vite:preloadError` (a lazy chunk or its CSS failed) by reloading once, or once back
 * online. The event is always marked handled, so the failed import resolves to nothing and the route
 * shows its error, rather than TanStack Router's lazy route reloading a second time on its own.
 */
export function installChunkReloadGuard(): () => void {
  let waitingForOnline = false;
  const onOnline = () => {
    waitingForOnline = false;
    reloadOnce();
  };
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    if (navigator.onLine) return reloadOnce();
    if (waitingForOnline || componentChunkLoads > 0) return;
    waitingForOnline = true;
    window.addEventListener('online', onOnline, { once: true });
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('online', onOnline);
  };
}
