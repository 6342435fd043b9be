// A text file's bytes as text, in the encoding it was written in: spreadsheets export UTF-8 (with or
// without a byte-order mark), UTF-16 ("Unicode text", with a mark) or, Excel on Windows, Windows-1252.

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/** The encoding a byte-order mark names, and the mark's length. */
function byteOrderMark(bytes: Uint8Array): [TextEncodingName, number] | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return ['utf-8', 3];
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return ['utf-16le', 2];
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return ['utf-16be', 2];
  return null;
}

/** UTF-16 without a mark: ASCII text in it has a zero byte in every other place. */
function unmarkedUtf16(bytes: Uint8Array): TextEncodingName | null {
  const sample = bytes.subarray(0, 1000 - (Math.min(bytes.length, 1000) % 2));
  if (sample.length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros += 1;
    if (sample[i + 1] === 0) oddZeros += 1;
  }
  const half = sample.length / 2;
  if (oddZeros > half * 0.4 && evenZeros === 0) return 'utf-16le';
  if (evenZeros > half * 0.4 && oddZeros === 0) return 'utf-16be';
  return null;
}

export function decodeText(bytes: Uint8Array): DecodedText {
  const marked = byteOrderMark(bytes);
  if (marked) {
    const [encoding, length] = marked;
    return { text: new TextDecoder(encoding).decode(bytes.subarray(length)), encoding };
  }
  const utf16 = unmarkedUtf16(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16 };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not valid UTF-8: Excel's "CSV" on Windows writes the ANSI code page, which for Western languages is 1252.
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
