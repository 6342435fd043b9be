import { describe, expect, it } from 'vitest';
import { linkTokenInPath } from '../../src/shared/decks.js';

describe("the token in a deck viewer's path", () => {
  it('is the path after /d/, decoded, without a trailing slash', () => {
    expect(linkTokenInPath('/d/abc_DEF-123')).toBe('abc_DEF-123');
    expect(linkTokenInPath('/d/abc/')).toBe('abc');
    expect(linkTokenInPath('/d/a%20b')).toBe('a b');
  });

  it('is null when a percent-encoding does not decode', () => {
    for (const path of ['/d/%E0%A4%A', '/d/ab%ZZ', '/d/%']) expect(linkTokenInPath(path), path).toBeNull();
  });
});
