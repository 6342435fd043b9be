import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePreloadsPlugin } from '../../src/server/build/route-preloads-plugin.js';
import { routePreloadsMatcher, type RoutePreloads } from '../../src/server/plugins/route-preloads.js';

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

/**
 * Runs the plugin over a bundle shaped like the router plugin's output and answers what it wrote. Each
 * chunk is one module (named by its facade, else its file) importing its imports' modules, unless
 * `modules` says what a module imports, statically and lazily.
 */
function preloadsFor(
  chunks: ReturnType<typeof chunk>[],
  preloadLazy?: (c: { fileName: string }) => boolean,
  modules: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {},
): RoutePreloads {
  const plugin = routePreloadsPlugin({ routesDir, preloadLazy: preloadLazy as never });
  const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
  const moduleOf = (fileName: string) => bundle[fileName].facadeModuleId ?? fileName;
  const getModuleInfo = (id: string) => {
    if (modules[id]) return modules[id];
    const c = chunks.find((candidate) => moduleOf(candidate.fileName) === id);
    return c ? { importedIds: c.imports.map(moduleOf), dynamicallyImportedIds: c.dynamicImports.map(moduleOf) } : null;
  };
  let written = '';
  const generateBundle = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
  generateBundle.call({ emitFile: ({ source }: { source: string }) => (written = source), getModuleInfo }, {}, bundle);
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
    // A lazily imported chunk (the data grid) is no route's, and is preloaded only when asked for.
    chunk('assets/grid.js', '/app/src/components/DataGrid/DataGridTable.tsx', ['assets/react.js', 'assets/grid-deps.js']),
    chunk('assets/grid-deps.js', null),
];

describe('route preloads at build time', () => {
  const routes = preloadsFor(BUNDLE);
  const byPath = Object.fromEntries(routes.map((route) => [route.path, route.files]));

  it('gives each page route its own, its layouts’ and their imports’ chunks, less what index.html preloads', () => {
    expect(Object.keys(byPath).sort()).toEqual(['/', '/investor/$id', '/investors', '/reset-password/$token']);
    expect(byPath['/investors'].sort()).toEqual(['/assets/Modal.js', '/assets/_app.js', '/assets/investors.js', '/assets/table.js']);
    expect(byPath['/investor/$id'].sort()).toEqual(['/assets/Modal.js', '/assets/_app.js', '/assets/investor.js']);
    expect(byPath['/'].sort()).toEqual(['/assets/_guest.js', '/assets/form.js', '/assets/login.js']);
  });

  it('adds the lazy chunks it is asked to, with their imports, to the routes that import them', () => {
    const withGrid = Object.fromEntries(preloadsFor(BUNDLE, (c) => c.fileName === 'assets/grid.js').map((r) => [r.path, r]));
    expect([...withGrid['/investors'].files].sort()).toEqual([...byPath['/investors']].sort());
    expect(withGrid['/investors'].lowPriority?.sort()).toEqual(['/assets/grid-deps.js', '/assets/grid.js']);
    expect([...withGrid['/investor/$id'].files].sort()).toEqual([...byPath['/investor/$id']].sort());
    expect(withGrid['/investor/$id'].lowPriority).toBeUndefined();
  });

  it('follows lazy imports module by module: a chunk the log-in page shares with a table page does not bring the grid', () => {
    const table = '/app/src/components/DataGrid/AppDataGrid.tsx';
    const input = '/app/src/components/TextInput.tsx';
    const shared = BUNDLE.map((c) =>
      c.fileName === 'assets/form.js' ? { ...c, dynamicImports: ['assets/grid.js'] } : c.fileName === 'assets/table.js' ? { ...c, dynamicImports: [] } : c,
    );
    // form.js holds both the log-in form's input and the table wrapper that lazily imports the grid.
    const modules = {
      [split('_guest/index.tsx')]: { importedIds: [input], dynamicallyImportedIds: [] },
      [split('_app/investors.tsx')]: { importedIds: [table], dynamicallyImportedIds: [] },
      [input]: { importedIds: [], dynamicallyImportedIds: [] },
      [table]: { importedIds: [], dynamicallyImportedIds: ['/app/src/components/DataGrid/DataGridTable.tsx'] },
    };
    const withGrid = Object.fromEntries(preloadsFor(shared, (c) => c.fileName === 'assets/grid.js', modules).map((r) => [r.path, r]));
    expect(withGrid['/'].lowPriority).toBeUndefined();
    expect(withGrid['/investors'].lowPriority?.sort()).toEqual(['/assets/grid-deps.js', '/assets/grid.js']);
  });

  it('matches URLs to those routes, parameters as any one segment', () => {
    const match = (pathname: string) => routePreloadsMatcher(routes)(pathname).files;
    expect(match('/investors')).toEqual(byPath['/investors']);
    expect(match('/investor/7')).toEqual(byPath['/investor/$id']);
    expect(match('/reset-password/abc')).toEqual(byPath['/reset-password/$token']);
    expect(match('/')).toEqual(byPath['/']);
    expect(match('/investor')).toEqual([]);
    expect(match('/investor/7/edit')).toEqual([]);
  });
});
