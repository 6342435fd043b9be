import { useEffect, useState } from 'react';

// Work a page's first load does not need — opening the offline database, registering the service
// worker, the app badge — waits until the page has loaded and the browser is idle, so that on a phone
// it does not compete with the page for the network and the main thread.

/** The longest an idle browser is waited for once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

let firstPaint: Promise<void> | null = null;

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback: the next task after the load will do.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

/** Resolves once the page has loaded and the browser was idle (or IDLE_TIMEOUT_MS later); at once from then on. */
export function afterFirstPaint(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  firstPaint ??= loaded().then(idle);
  return firstPaint;
}

/** Runs `work` after the first paint (afterFirstPaint) unless cancelled first; returns the cancel function. */
export function runAfterFirstPaint(work: () => void): () => void {
  let cancelled = false;
  void afterFirstPaint().then(() => {
    if (!cancelled) work();
  });
  return () => {
    cancelled = true;
  };
}

/** False until the first paint (afterFirstPaint) once `wanted`; then true. What it guards renders after the page. */
export function useAfterFirstPaint(wanted = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (wanted ? runAfterFirstPaint(() => setPainted(true)) : undefined), [wanted]);
  return painted;
}
