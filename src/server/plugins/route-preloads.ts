import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Written by the build beside index.html (src/server/build/route-preloads-plugin.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Each page route, as `/investor/$id`, with the chunks (absolute URLs) it loads lazily, and those it loads
 * only on a wide screen (the data grid's: a phone shows cards).
 */
export type RoutePreloads = Array<{ path: string; files: string[]; wide?: string[] }>;

/** A page's chunks to preload: for every screen, and for wide screens only. */
export interface PagePreloads {
  files: string[];
  wide: string[];
}

const NO_PRELOADS: PagePreloads = { files: [], wide: [] };

/** Where rows stop being cards: SPEC's md breakpoint (src/app/theme.ts). */
const WIDE_SCREEN = '(min-width: 768px)';

const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);

/** The chunks to preload for a page's URL path, or none when no route matches it. */
export function routePreloadsMatcher(routes: RoutePreloads) {
  const patterns = routes.map((route) => ({
    segments: segmentsOf(route.path),
    preloads: { files: route.files, wide: route.wide ?? [] },
  }));
  return (pathname: string): PagePreloads => {
    const segments = segmentsOf(pathname);
    const route = patterns.find(
      (pattern) =>
        pattern.segments.length === segments.length &&
        pattern.segments.every((segment, index) => segment.startsWith('$') || segment === segments[index]),
    );
    return route?.preloads ?? NO_PRELOADS;
  };
}

/**
 * index.html with preload links for a page's files at the end of its head: modulepreload for every
 * screen; for wide screens only, a preload with a media query (modulepreload has none), which the module
 * import takes from the cache when the grid is shown.
 */
export function withModulePreloads(html: string, { files, wide }: PagePreloads) {
  if (files.length === 0 && wide.length === 0) return html;
  const links = [
    ...files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
    ...wide.map((file) => `<link rel="preload" as="script" crossorigin media="${WIDE_SCREEN}" href="${file}">`),
  ].join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}

export interface PageHtml {
  html: string;
  etag: string;
}

/** A page's HTML with the ETag it is answered with. */
export function htmlPage(html: string): PageHtml {
  return { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
}

/** What `build` makes of a built file, made again when the build changes under a running server; null while there is none. */
export function builtFileSource<T>(file: string, build: () => T): () => T | null {
  let builtAt = -1;
  let built: T | null = null;
  return () => {
    if (!existsSync(file)) return null;
    const mtime = statSync(file).mtimeMs;
    if (mtime !== builtAt) {
      builtAt = mtime;
      built = build();
    }
    return built;
  };
}

/** index.html for a page URL, with its route's chunks preloaded: each variant built once per build. */
export function pageHtmlSource(clientDir: string) {
  const build = builtFileSource(path.join(clientDir, 'index.html'), () => {
    const preloadsFile = path.join(clientDir, ROUTE_PRELOADS_FILE);
    return {
      index: readFileSync(path.join(clientDir, 'index.html'), 'utf8'),
      matcher: existsSync(preloadsFile) ? routePreloadsMatcher(JSON.parse(readFileSync(preloadsFile, 'utf8')) as RoutePreloads) : () => NO_PRELOADS,
      variants: new Map<string, PageHtml>(),
    };
  });

  return (pathname: string): PageHtml => {
    const { index, matcher, variants } = build()!;
    const preloads = matcher(pathname);
    const key = [...preloads.files, '|', ...preloads.wide].join(' ');
    let page = variants.get(key);
    if (!page) {
      page = htmlPage(withModulePreloads(index, preloads));
      variants.set(key, page);
    }
    return page;
  };
}
