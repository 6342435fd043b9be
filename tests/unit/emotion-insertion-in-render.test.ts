import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useInsertionEffect } from 'react';
import config from '../../vite.config';
import {
  useInsertionEffectAlwaysWithSyncFallback,
  useInsertionEffectWithLayoutFallback,
} from '../../src/lib/emotion-insertion-in-render';

describe("Emotion's insertion, as the app's build gives it", () => {
  it("is what the build resolves Emotion's own import to", () => {
    const alias = (config.resolve?.alias ?? {}) as Record<string, string>;
    expect(alias['@emotion/use-insertion-effect-with-fallbacks']).toBe(path.resolve('src/lib/emotion-insertion-in-render.ts'));
  });

  it('inserts a rule at once, during the render, rather than in an effect', () => {
    const insert = vi.fn();
    useInsertionEffectAlwaysWithSyncFallback(insert);
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it("leaves global styles to React's insertion effect", () => {
    expect(useInsertionEffectWithLayoutFallback).toBe(useInsertionEffect);
  });
});
