// Text PostgreSQL cannot store: NUL (in text and JSON alike), and half of a UTF-16 surrogate pair alone (not Unicode;
// a JSON `\ud800` parses to one, and JSON.stringify writes it back as such, which jsonb refuses).

// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
export const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const EVERY_UNSTORABLE = new RegExp(UNSTORABLE.source, 'g');

/** The text with its NULs dropped and each lone surrogate made U+FFFD: what to keep of text a stranger sent. */
export function storable(text: string): string {
  return text.replace(EVERY_UNSTORABLE, (found) => (found === '\u0000' ? '' : '\ufffd'));
}
