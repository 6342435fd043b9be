import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import buildFormatNumber from '../../src/lib/lazy-build-format-number.js';
import { lazyNumberFormatPlugin } from '../../src/server/build/lazy-number-format-plugin.js';

describe('the lazy buildFormatNumber MUI is given', () => {
  afterEach(() => vi.restoreAllMocks());

  it('formats as Intl does, and makes its NumberFormat at the first number, once', () => {
    const { NumberFormat } = Intl;
    const made = vi
      .spyOn(Intl, 'NumberFormat')
      .mockImplementation(function numberFormat(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        return new NumberFormat(...args);
      } as typeof Intl.NumberFormat);
    const formatEnglish = buildFormatNumber('en-US');
    const formatGerman = buildFormatNumber('de-DE');
    expect(made).not.toHaveBeenCalled();

    expect(formatEnglish(1234567.5)).toBe('1,234,567.5');
    expect(formatEnglish(42)).toBe('42');
    expect(formatGerman(1234567.5)).toBe('1.234.567,5');
    expect(made).toHaveBeenCalledTimes(2);
  });

  it('gives what is not a finite number back as text, and plain text for a locale Intl refuses', () => {
    expect(buildFormatNumber('en-US')(Number.NaN)).toBe('NaN');
    expect(buildFormatNumber('en-US')(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(buildFormatNumber('not a locale!')(1234)).toBe('1234');
  });
});

describe('lazyNumberFormatPlugin', () => {
  const resolveId = lazyNumberFormatPlugin().resolveId as (
    this: { resolve: (source: string, importer: string) => Promise<{ id: string } | null> },
    source: string,
    importer: string | undefined,
    options: object,
  ) => Promise<string | null>;
  // The resolution the bundler would make: relative to the importing file.
  const context = { resolve: async (source: string, importer: string) => ({ id: path.resolve(path.dirname(importer), source) }) };
  const require = createRequire(import.meta.url);
  const pagination = require.resolve('@mui/material/TablePagination').replace(/index\.js$/, 'TablePagination.mjs');

  it("resolves MUI's own buildFormatNumber, as its pagination imports it, to ours", async () => {
    expect(existsSync(pagination)).toBe(true);
    const resolved = await resolveId.call(context, '../locale/utils/buildFormatNumber.mjs', pagination, {});
    expect(resolved).toBe(path.resolve('src/lib/lazy-build-format-number.ts'));
    expect(existsSync(path.resolve(path.dirname(pagination), '../locale/utils/buildFormatNumber.mjs'))).toBe(true);
  });

  it('leaves every other import alone', async () => {
    expect(await resolveId.call(context, './utils/other.mjs', pagination, {})).toBeNull();
    expect(await resolveId.call(context, './buildFormatNumber.js', '/app/src/lib/mine.ts', {})).toBeNull();
  });
});
