// After a deploy, an open page may ask for a route chunk the server no longer has. Instead of a broken
// page it reloads — once: a second failure within a minute is shown as the error it is.
const RELOADED_AT_KEY = 'fundscape.chunk-reload-at';
const ONCE_WINDOW_MS = 60_000;

/** Whether an error is a script or style chunk that could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads the page unless it already did for a chunk within the last minute; says whether it does. */
export function reloadOnceForChunkError(
  storage: Storage = window.sessionStorage,
  reload: () => void = () => window.location.reload(),
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(RELOADED_AT_KEY) ?? 0);
  if (now - last < ONCE_WINDOW_MS) return false;
  storage.setItem(RELOADED_AT_KEY, String(now));
  reload();
  return true;
}

/** Handles Vite's `vite:preloadError` (a lazy chunk or its CSS failed) by reloading once. */
export function installChunkReloadGuard(): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
