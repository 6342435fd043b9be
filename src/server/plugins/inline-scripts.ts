import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** A CSP source allowing each inline script of a page, by its SHA-256 hash ('sha256-…'). */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/** The sources for the built client's index.html (its app-shell script), none without a build. */
export function clientInlineScriptSources(clientDir: string | undefined): string[] {
  const indexFile = clientDir && path.join(clientDir, 'index.html');
  return indexFile && existsSync(indexFile) ? inlineScriptSources(readFileSync(indexFile, 'utf8')) : [];
}
