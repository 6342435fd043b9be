// After a deploy, an open page may ask for a route chunk the server no longer has. Instead of a broken
// page it reloads — once: a second failure within a minute is shown as the error it is.
const RELOADED_AT_KEY = 'fundscape.chunk-reload-at';
const ONCE_WINDOW_MS = 60_000;

function reloadOnce() {
  const now = Date.now();
  const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (now - last < ONCE_WINDOW_MS) return;
  window.sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  window.location.reload();
}

/**
 * Handles Vite's `vite:preloadError` (a lazy chunk or its CSS failed) by reloading once. The event is
 * always marked handled, so the failed import resolves to nothing and the route shows its error,
 * rather than TanStack Router's lazy route reloading a second time on its own.
 */
export function installChunkReloadGuard(): () => void {
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    reloadOnce();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
