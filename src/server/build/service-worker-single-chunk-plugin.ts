import type { Plugin } from 'vite';

/**
 * For the service worker's own build (vite-plugin-pwa's injectManifest `buildPlugins.vite`): the plugin asks for
 * one chunk with Rollup's `output.inlineDynamicImports`, which Rolldown (Vite 8) calls deprecated and warns about
 * on every build (vite-plugin-pwa 2.0.0, the latest); this asks for the same with Rolldown's `codeSplitting: false`.
 */
export function serviceWorkerSingleChunkPlugin(): Plugin {
  return {
    name: 'fundscape:service-worker-single-chunk',
    config(config) {
      const output = config.build?.rollupOptions?.output;
      if (!output || Array.isArray(output) || output.inlineDynamicImports === undefined) return;
      output.codeSplitting = !output.inlineDynamicImports;
      delete output.inlineDynamicImports;
    },
  };
}
