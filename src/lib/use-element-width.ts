import { startTransition, useCallback, useState } from 'react';

/**
 * The width of the element the returned ref is put on, in whole pixels (null until it is laid out), followed as it
 * resizes. Each change renders as a transition. A chart given its width draws once, where one that measures itself
 * on mounting draws a second time, at once, in one long task (what held a phone's first tap on the Round page).
 */
export function useElementWidth<T extends Element>(): [ref: (element: T | null) => (() => void) | undefined, width: number | null] {
  const [width, setWidth] = useState<number | null>(null);
  const ref = useCallback((element: T | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry.contentRect.width);
      startTransition(() => setWidth(next > 0 ? next : null));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
