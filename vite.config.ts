import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { routePreloadsPlugin } from './src/server/build/route-preloads-plugin.js';
import { lazyNumberFormatPlugin } from './src/server/build/lazy-number-format-plugin.js';
import { serviceWorkerSingleChunkPlugin } from './src/server/build/service-worker-single-chunk-plugin.js';

/** The chunk holding the data grid, which only the table pages load: named for what it holds. */
const isDataGridChunk = (chunk: { moduleIds: readonly string[] }) => chunk.moduleIds.some((id) => id.includes('/@mui/x-data-grid/'));

/** The web app manifest has one source, manifest.webmanifest; the PWA plugin emits and links it. */
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;

export default defineConfig({
  plugins: [
    // The router plugin must come before react(): it generates the route tree and splits route code.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    lazyNumberFormatPlugin(),
    routePreloadsPlugin({ routesDir: './src/app/routes', wideScreenModules: ['./src/components/DataGrid/DataGridTable.tsx'] }),
    // The service worker src/sw/sw.ts precaches the shell, every route chunk and the icons (not the
    // manifest screenshots); the app registers it itself (src/features/offline) and prompts to update.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      // The globs below already take the icons; the plugin adds the manifest itself.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        // The deck viewer is for the people a founder sends a link to: its page, code and pdf.js are never the app's.
        globIgnores: ['screenshots/**', 'src/viewer/**', 'assets/viewer-*', 'assets/pdf-*', 'assets/pdf.worker*'],
        buildPlugins: { vite: [serviceWorkerSingleChunkPlugin()] },
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies beside each asset, compressed once at build time at the highest levels;
    // the server sends them instead of compressing every response (src/server/plugins/client.ts).
    compression({ include: /\.(m?js|css|svg|webmanifest)$/, algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Emotion inserts its rules while React renders, not in the commit: src/lib/emotion-insertion-in-render.ts.
      '@emotion/use-insertion-effect-with-fallbacks': fileURLToPath(new URL('./src/lib/emotion-insertion-in-render.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      // The app, and the deck viewer (/d/TOKEN): a page of its own outside the app's shell.
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), viewer: fileURLToPath(new URL('./src/viewer/deck.html', import.meta.url)) },
      output: {
        chunkFileNames: (chunk) => (isDataGridChunk(chunk) ? 'assets/data-grid-[hash].js' : 'assets/[name]-[hash].js'),
        // Route-level splitting leaves dozens of small shared chunks, each one more round trip on a phone
        // network; React and the router, which every page needs, travel together instead.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|react-query|query-core|react-store|store)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  test: {
    // Vitest's default is one worker fewer than the cores: on a two-core machine, one file at a time. The
    // suites wait on databases, servers and browsers as much as they compute, so every core takes a file.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Pure modules: the files share their worker's modules. Importing them anew per file was half the
          // project's time (16 s → 8 s alone, 30 → 13 s of CPU).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // The files share their worker's modules (each builds its own app on its own database): importing the
          // server anew for each of them took 130 s of the 570 s this project ran on a two-core machine; 444 s so.
          isolate: false,
          globalSetup: ['tests/helpers/migrated-template-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          // Each file in a VM context of a worker thread rather than a process of its own: jsdom and the modules
          // outside the project (React, MUI) are set up once per worker, not per file, which was a fifth of the
          // project's CPU. Sharing one context (isolate: false) instead leaked state between files and was slower.
          pool: 'vmThreads',
          setupFiles: ['tests/helpers/component-setup.ts'],
          globalSetup: ['tests/helpers/component-server-setup.ts'],
          // jsdom renders and typing are slow on a loaded two-core machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // After the other suites in one Vitest process, one file at a time; `npm test` runs them in a process of
          // their own beside the others (tests/run-suites.ts). Two at a time saved a sixth of the phase on one two-core
          // machine, but on a slower one two browsers side by side pushed an offline board's move and the
          // accessibility walk past their timeouts.
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          // The files share one worker and so one server and browser (useE2EApp, tests/helpers/e2e.ts), each file a
          // client of its own: a worker, a server and a browser started per file were a fifth of the phase.
          isolate: false,
          globalSetup: ['tests/helpers/e2e-global-setup.ts'],
          environment: 'node',
          // Long scenarios (a server stopped for a CLI and started again) on a busy two-core machine.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Within a file, tests marked it.concurrent run two at a time (each its own user and browser context).
          maxConcurrency: 2,
          // What a browser shows after a reload or a round trip can take over expect.poll's default second on a
          // slow two-core machine (the chunk-reload scenarios failed so): a poll still ends as soon as it holds.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
