import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MUI_BUILD_FORMAT_NUMBER = /[\\/]@mui[\\/]material[\\/]locale[\\/]utils[\\/]buildFormatNumber\.m?js$/;
const LAZY_BUILD_FORMAT_NUMBER = fileURLToPath(new URL('../../lib/lazy-build-format-number.ts', import.meta.url));

/**
 * Resolves MUI's `buildFormatNumber`, imported by its pagination and locales, to
 * src/lib/lazy-build-format-number.ts, which makes its Intl.NumberFormat on first use instead of
 * when the module loads.
 */
export function lazyNumberFormatPlugin(): Plugin {
  return {
    name: 'fundscape:lazy-number-format',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.includes('@mui') || !source.includes('buildFormatNumber')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && MUI_BUILD_FORMAT_NUMBER.test(resolved.id) ? LAZY_BUILD_FORMAT_NUMBER : null;
    },
  };
}
