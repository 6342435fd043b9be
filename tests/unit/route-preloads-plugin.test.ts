import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePreloadsPlugin } from '../../src/server/build/route-preloads-plugin.js';
import { routePreloadsMatcher, withModulePreloads, type RoutePreloads } from '../../src/server/plugins/route-preloads.js';

const routesDir = '/app/src/app/routes';
const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], isEntry = false, dynamicImports: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  imports,
  isEntry,
  dynamicImports,
});
const split = (routeFile: string) => `${path.join(routesDir, routeFile)}?tsr-split=component`;

/** Runs the plugin over a bundle shaped like the router plugin's output and answers what it wrote. */
function preloadsFor(chunks: ReturnType<typeof chunk>[]): RoutePreloads {
  const plugin = routePreloadsPlugin({ routesDir, wideScreenModules: ['/app/src/components/DataGrid/DataGridTable.tsx'] });
  const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
  let written = '';
  const generateBundle = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
  generateBundle.call({ emitFile: ({ source }: { source: string }) => (written = source) }, {}, bundle);
  return JSON.parse(written) as RoutePreloads;
}

const BUNDLE = [
    chunk('assets/index.js', '/app/index.html', ['assets/react.js'], true),
    chunk('assets/react.js', null),
    chunk('assets/_app.js', split('_app.tsx'), ['assets/react.js', 'assets/Modal.js']),
    chunk('assets/Modal.js', null),
    chunk('assets/investors.js', split('_app/investors.tsx'), ['assets/table.js']),
    chunk('assets/table.js', null, ['assets/react.js'], false, ['assets/grid.js', 'assets/export.js']),
    chunk('assets/export.js', null),
    chunk('assets/investor.js', split('_app/investor.$id.tsx')),
    chunk('assets/_guest.js', split('_guest.tsx')),
    chunk('assets/login.js', split('_guest/index.tsx'), ['assets/form.js']),
    chunk('assets/form.js', null),
    chunk('assets/reset.js', split('_guest/reset-password.$token.tsx')),
    // A lazily imported chunk is no route's: it is fetched when first imported.
    chunk('assets/grid.js', '/app/src/components/DataGrid/DataGridTable.tsx', ['assets/react.js', 'assets/grid-deps.js']),
    chunk('assets/grid-deps.js', null),
];

describe('route preloads at build time', () => {
  const routes = preloadsFor(BUNDLE);
  const byPath = Object.fromEntries(routes.map((route) => [route.path, route.files]));

  it('gives each page route its own, its layouts’ and their imports’ chunks, less what index.html preloads and what they import lazily', () => {
    expect(Object.keys(byPath).sort()).toEqual(['/', '/investor/$id', '/investors', '/reset-password/$token']);
    expect(byPath['/investors'].sort()).toEqual(['/assets/Modal.js', '/assets/_app.js', '/assets/investors.js', '/assets/table.js']);
    expect(byPath['/investor/$id'].sort()).toEqual(['/assets/Modal.js', '/assets/_app.js', '/assets/investor.js']);
    expect(byPath['/'].sort()).toEqual(['/assets/_guest.js', '/assets/form.js', '/assets/login.js']);
  });

  it('gives a route that imports the grid lazily its chunks for wide screens only, less what the route preloads anyway', () => {
    const wide = Object.fromEntries(routes.map((route) => [route.path, route.wide]));
    expect(wide['/investors']?.sort()).toEqual(['/assets/grid-deps.js', '/assets/grid.js']);
    expect(wide['/investor/$id']).toBeUndefined();
    expect(wide['/']).toBeUndefined();
  });

  it('matches URLs to those routes, parameters as any one segment', () => {
    const match = (pathname: string) => routePreloadsMatcher(routes)(pathname).files;
    expect(match('/investors')).toEqual(byPath['/investors']);
    expect(routePreloadsMatcher(routes)('/investors').wide.sort()).toEqual(['/assets/grid-deps.js', '/assets/grid.js']);
    expect(match('/investor/7')).toEqual(byPath['/investor/$id']);
    expect(match('/reset-password/abc')).toEqual(byPath['/reset-password/$token']);
    expect(match('/')).toEqual(byPath['/']);
    expect(match('/investor')).toEqual([]);
    expect(match('/investor/7/edit')).toEqual([]);
  });

  it('writes the wide screens’ chunks as preloads with a media query, the rest as module preloads', () => {
    const html = withModulePreloads('<head></head>', { files: ['/assets/a.js'], wide: ['/assets/grid.js'] });
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/a.js">');
    expect(html).toContain('<link rel="preload" as="script" crossorigin media="(min-width: 768px)" href="/assets/grid.js">');
    expect(withModulePreloads('<head></head>', { files: [], wide: [] })).toBe('<head></head>');
  });
});
