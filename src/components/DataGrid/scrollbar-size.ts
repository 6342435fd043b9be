import { useSyncExternalStore } from 'react';

/**
 * The width of this browser's classic scrollbars in CSS pixels: 0 where scrollbars overlay the content
 * (phones, macOS). Every grid is handed it (DataGrid's `scrollbarSize`). Left to itself, MUI X measures it
 * as each grid mounts, with a probe inside the new grid that forces a second style and layout of the
 * whole page within that commit, the page's longest task. Measured once while the page is still
 * empty (main.tsx, before the first render), it costs nothing. Zooming changes it in CSS pixels, so a
 * change of the device pixel ratio measures it again.
 */
let size: number | undefined;
const listeners = new Set<() => void>();

function measure(): number {
  const probe = document.createElement('div');
  // As MUI X's own probe: a box that always shows its scrollbars, at the browser's default width.
  probe.style.cssText = 'position:absolute;top:-9999px;width:99px;height:99px;overflow:scroll';
  document.body.appendChild(probe);
  const width = probe.offsetWidth - probe.clientWidth;
  probe.remove();
  return width;
}

function measureWhenZoomed() {
  if (typeof matchMedia !== 'function') return;
  matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener(
    'change',
    () => {
      size = measure();
      listeners.forEach((listener) => listener());
      measureWhenZoomed();
    },
    { once: true },
  );
}

/** Measures the scrollbar now, while the page is all but empty; main.tsx calls it before rendering. */
export function measureScrollbarSize(): void {
  size = measure();
  measureWhenZoomed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The scrollbar's width for a grid: measured before the first render, or at first use if it was not. */
export function useScrollbarSize(): number {
  return useSyncExternalStore(subscribe, () => (size ??= measure()));
}
