import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// Answers come from the real server on a machine shared with other suites: wait up to 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

/**
 * jsdom has no matchMedia. This one answers width queries (what MUI's breakpoints ask) against the
 * window's width, 1024 px in jsdom: the components render as on a laptop.
 */
function matchesWidth(query: string): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  return conditions.length > 0 && conditions.every(([, bound, px]) => (bound === 'min' ? window.innerWidth >= Number(px) : window.innerWidth <= Number(px)));
}

window.matchMedia = (query: string): MediaQueryList => ({
  media: query,
  matches: matchesWidth(query),
  onchange: null,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  addListener: () => undefined,
  removeListener: () => undefined,
  dispatchEvent: () => false,
});

/** jsdom's File has no arrayBuffer(): the import reads files with it. */
File.prototype.arrayBuffer ??= function arrayBuffer(this: File) {
  return new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(this);
  });
};
