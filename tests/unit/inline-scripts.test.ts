import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlineScriptSources } from '../../src/server/plugins/inline-scripts.js';
import { SESSION_STORAGE_KEYS } from '../../src/lib/session.js';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline scripts allowed by the CSP', () => {
  it('hashes each inline script exactly as written, and no script loaded from a file', () => {
    const html = [
      '<head><script>window.a = 1;</script>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<script data-x="1">\n  window.b = 2;\n</script></head>',
    ].join('');
    expect(inlineScriptSources(html)).toEqual([sha256('window.a = 1;'), sha256('\n  window.b = 2;\n')]);
    expect(inlineScriptSources('<div id="root"></div>')).toEqual([]);
  });

  it("index.html's one inline script marks the page logged in by the session's access token", () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    const [script] = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
    expect(inlineScriptSources(html)).toHaveLength(1);
    expect(script).toContain(`localStorage.getItem('${SESSION_STORAGE_KEYS.access}')`);
  });
});
