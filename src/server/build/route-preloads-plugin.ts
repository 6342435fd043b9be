import path from 'node:path';
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../plugins/route-preloads.js';

/** The router plugin's split chunks are entered through `<route file>?tsr-split=<part>`. */
const SPLIT_SUFFIX = /\?tsr-split=.*$/;

export interface RoutePreloadsOptions {
  routesDir: string;
  /**
   * Modules a route imports lazily that a wide screen shows at once (the data grid, which a phone never
   * loads): their chunks are preloaded for wide screens only.
   */
  wideScreenModules?: readonly string[];
}

/**
 * Writes ROUTE_PRELOADS_FILE beside index.html: for every page route, the lazily loaded chunks it
 * needs (its split component chunks, its layouts', and what those import), leaving out what
 * index.html already preloads. The server adds them to the page it answers, so a first visit fetches a
 * page's code alongside the entry instead of after it (src/server/plugins/client.ts).
 */
export function routePreloadsPlugin({ routesDir, wideScreenModules = [] }: RoutePreloadsOptions): Plugin {
  const root = path.resolve(routesDir);
  const wideModules = wideScreenModules.map((file) => path.resolve(file));
  return {
    name: 'fundscape:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'));
      if (!entry) return;
      const alreadyPreloaded = staticClosure(bundle, [entry.fileName]);

      const splitChunksOf = new Map<string, string[]>();
      for (const chunk of chunks) {
        const file = chunk.facadeModuleId?.replace(SPLIT_SUFFIX, '');
        if (!chunk.facadeModuleId || file === chunk.facadeModuleId || !file?.startsWith(root + path.sep)) continue;
        const routeFile = path.relative(root, file).split(path.sep).join('/').replace(/\.tsx?$/, '');
        splitChunksOf.set(routeFile, [...(splitChunksOf.get(routeFile) ?? []), chunk.fileName]);
      }

      const routeFiles = [...splitChunksOf.keys()];
      const isLayout = (routeFile: string) => routeFiles.some((other) => other.startsWith(`${routeFile}/`));
      const routes: RoutePreloads = [];
      for (const routeFile of routeFiles) {
        if (isLayout(routeFile) || routeFile === '__root') continue;
        const layouts = routeFile
          .split('/')
          .slice(0, -1)
          .map((_, index, dirs) => dirs.slice(0, index + 1).join('/'));
        const own = ['__root', ...layouts, routeFile].flatMap((file) => splitChunksOf.get(file) ?? []);
        const closure = staticClosure(bundle, own);
        const files = [...closure].filter((file) => !alreadyPreloaded.has(file));
        const wideEntries = [...closure]
          .flatMap((file) => (bundle[file] as OutputChunk).dynamicImports)
          .filter((file) => wideModules.includes((bundle[file] as OutputChunk | undefined)?.facadeModuleId ?? ''));
        const wide = [...staticClosure(bundle, wideEntries)].filter((file) => !alreadyPreloaded.has(file) && !closure.has(file));
        routes.push({
          path: routePath(routeFile),
          files: files.map((file) => `/${file}`),
          ...(wide.length > 0 && { wide: wide.map((file) => `/${file}`) }),
        });
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(routes, null, 1) });
    },
  };
}

/** The chunks `fileNames` are and statically import, transitively. */
function staticClosure(bundle: OutputBundle, fileNames: string[]) {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || chunk?.type !== 'chunk') return;
    seen.add(fileName);
    chunk.imports.forEach(visit);
  };
  fileNames.forEach(visit);
  return seen;
}

/** `_app/investor.$id` → `/investor/$id`: pathless `_layout` folders and `index` add no segment. */
function routePath(routeFile: string) {
  const segments = routeFile
    .split(/[/.]/)
    .filter((segment) => !segment.startsWith('_') && segment !== 'index');
  return `/${segments.join('/')}`;
}
