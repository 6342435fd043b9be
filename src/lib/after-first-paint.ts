import { useEffect, useState } from 'react';

// Work a page's first load does not need — opening the offline database, registering the service
// worker, the app badge — waits until the page has painted its first content and the browser is idle, so
// that on a phone it does not compete with the page for the network and the main thread.

/** The longest an idle browser is waited for once the page has painted. */
const IDLE_TIMEOUT_MS = 2000;
/** The longest a first contentful paint is waited for once the page has loaded (a page that shows nothing). */
const PAINT_TIMEOUT_MS = 5000;

let firstPaint: Promise<void> | null = null;

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * The page's first contentful paint. The load event is not it: the scripts have loaded by then, but a page
 * still waiting for its data has painted nothing, and the browser is idle while it waits — which is just
 * when the deferred work would otherwise start, and then compete with the page's own first render.
 */
function contentfulPaint(): Promise<void> {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, PAINT_TIMEOUT_MS);
    observer.observe({ type: 'paint', buffered: true });
  });
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback: the next task after the load will do.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

/**
 * Resolves once the page has loaded, painted its first content (or PAINT_TIMEOUT_MS later) and the browser was
 * idle (or IDLE_TIMEOUT_MS later); at once from then on.
 */
export function afterFirstPaint(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  firstPaint ??= loaded().then(contentfulPaint).then(idle);
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
