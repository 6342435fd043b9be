import path from 'node:path';
import type { Plugin } from 'vite';
import type { ModuleInfo, OutputBundle, OutputChunk } from 'rolldown';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../plugins/route-preloads.js';

/** The router plugin's split chunks are entered through `<route file>?tsr-split=<part>`. */
const SPLIT_SUFFIX = /\?tsr-split=.*$/;

export interface RoutePreloadsOptions {
  routesDir: string;
  /**
   * Chunks a route imports lazily that are still worth fetching with it: code the page renders as soon
   * as it can, loaded lazily only so the rest of the page need not wait for it (the data grid). They
   * are preloaded at low priority, after what the first paint needs.
   */
  preloadLazy?: (chunk: OutputChunk) => boolean;
}

/**
 * Writes ROUTE_PRELOADS_FILE beside index.html: for every page route, the lazily loaded chunks it
 * needs (its split component chunks, its layouts', what those import, and the lazy chunks
 * `preloadLazy` picks among those its modules import lazily), leaving out what index.html already
 * preloads. Lazy imports are followed module by module, not chunk by chunk: a chunk shared with the
 * entry may hold a table page's lazy grid, which the log-in page must not fetch. The server adds them to the
 * page it answers, so a first visit fetches a page's code alongside the entry instead of after it
 * (src/server/plugins/client.ts).
 */
export function routePreloadsPlugin({ routesDir, preloadLazy = () => false }: RoutePreloadsOptions): Plugin {
  const root = path.resolve(routesDir);
  return {
    name: 'fundscape:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const moduleInfo = (id: string) => this.getModuleInfo(id);
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
        const needed = staticClosure(bundle, own);
        const lazyModules = lazyImportsOf(moduleInfo, own.map((file) => (bundle[file] as OutputChunk).facadeModuleId as string));
        const wanted = chunks
          .filter((chunk) => chunk.facadeModuleId !== null && lazyModules.has(chunk.facadeModuleId) && preloadLazy(chunk))
          .map((chunk) => chunk.fileName);
        const files = [...needed].filter((file) => !alreadyPreloaded.has(file));
        const lowPriority = [...staticClosure(bundle, wanted)].filter((file) => !needed.has(file) && !alreadyPreloaded.has(file));
        routes.push({
          path: routePath(routeFile),
          files: files.map((file) => `/${file}`),
          ...(lowPriority.length > 0 && { lowPriority: lowPriority.map((file) => `/${file}`) }),
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

/** The modules that `moduleIds` and what they statically import (transitively) import lazily. */
function lazyImportsOf(moduleInfo: (id: string) => ModuleInfo | null, moduleIds: string[]) {
  const seen = new Set<string>();
  const lazy = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = moduleInfo(id);
    if (!info) return;
    info.dynamicallyImportedIds.forEach((lazyId) => lazy.add(lazyId));
    info.importedIds.forEach(visit);
  };
  moduleIds.forEach(visit);
  return lazy;
}

/** `_app/investor.$id` → `/investor/$id`: pathless `_layout` folders and `index` add no segment. */
function routePath(routeFile: string) {
  const segments = routeFile
    .split(/[/.]/)
    .filter((segment) => !segment.startsWith('_') && segment !== 'index');
  return `/${segments.join('/')}`;
}
