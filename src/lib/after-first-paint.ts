import { startTransition, useEffect, useState } from 'react';

// Work a page's first load does not need — opening the offline database, registering the service
// worker, the app badge — waits until the first page has rendered its content and the browser is idle,
// so that on a phone it does not compete with the page for the network and the main thread.

/** The longest an idle browser is waited for once the page has painted. */
const IDLE_TIMEOUT_MS = 2000;
/** The longest the first page's content is waited for once the scripts have loaded (a page whose data is slow). */
const PAGE_TIMEOUT_MS = 5000;

let firstPaint: Promise<void> | null = null;

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

let firstPageRendered: () => void = () => {};
const firstPage = new Promise<void>((resolve) => {
  firstPageRendered = resolve;
});

/** The app's first page has rendered its content (its data loaded), not only the frame drawn while it loads. */
export function markFirstPageRendered(): void {
  firstPageRendered();
}

/**
 * The first page's content on screen. The load event is not it: the scripts have loaded by then, but a page
 * still waiting for its data shows at most the app's frame, and the browser is idle while it waits — just
 * when the deferred work would otherwise start, and then compete with the page's own first render.
 * Where the browser does not time paints (no PerformanceObserver for 'paint'), nothing is waited for.
 */
function firstPageShown(): Promise<void> {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PAGE_TIMEOUT_MS);
    void firstPage.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * A task of its own. The deferred work is all waiting on the same moment; resolved together, every piece
 * would run in one long task, and a founder's first tap after the page appears would wait for all of it.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function idle(): Promise<void> {
  // Safari has no requestIdleCallback: the next task after the load will do.
  if (typeof requestIdleCallback !== 'function') return nextTask();
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS }));
}

/**
 * Resolves once the page has loaded, its first page has rendered (markFirstPageRendered, or PAGE_TIMEOUT_MS
 * later) and the browser was idle (or IDLE_TIMEOUT_MS later): idle, so after that render was painted. From
 * then on, in the next task. Each caller goes on in a task of its own.
 */
export function afterFirstPaint(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  firstPaint ??= loaded().then(firstPageShown).then(idle);
  return firstPaint.then(nextTask);
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

/**
 * False until the first paint (afterFirstPaint) once `wanted`; then true. What it guards renders after the
 * page, as a transition: React renders it in short tasks that a tap can come between.
 */
export function useAfterFirstPaint(wanted = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (wanted ? runAfterFirstPaint(() => startTransition(() => setPainted(true))) : undefined), [wanted]);
  return painted;
}
