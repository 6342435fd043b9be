// The search text of every row, held so that a term is mostly matched against distinct values rather
// than against every row. search_text is the row's search fields, lower-cased and joined by spaces
// (schema.ts); an e-mail field is cut once more at its '@'. Each piece ("segment": a first name, a firm
// name, a city, the part of an e-mail before its '@', the part after) repeats a great deal across a
// catalogue, so each segment keeps a dictionary of its distinct values (a SearchTextColumn: the
// trigram-filtered scan of search-text-column.ts, over the values) and one code per row.
//
// A term holding neither a space nor an '@' can only match inside one segment: a match running across
// a boundary would contain the space or '@' found there. So it is matched once per dictionary, and the
// rows are those whose code for some segment is a matching value — tens of thousands of values are
// read instead of every row's text, and a segment none of whose values matches costs nothing.
// A term with a space or an '@' ("john smith") may run across segments: it is matched against the
// whole search_text of the rows, kept as well (search-text-column.ts), as before the dictionaries.
import { SearchTextBuilder, type SearchTextColumn } from './search-text-column.js';

/** One search field of a catalogue, as search_text holds it. */
export interface SearchField {
  name: string;
  /** Cut the value once more at the first of this character (an e-mail at its '@'). */
  splitAt?: string;
}

/** A segment's code for "not there": the second part of a field without its split character. */
const ABSENT = 0xffffffff;
const FIELD_SEPARATOR = ' ';

interface Segment {
  values: SearchTextColumn;
  codes: Uint32Array;
}

/** Set bits in a 32-bit word. */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class SearchTerms {
  private readonly pieceBreak: RegExp;

  constructor(
    private readonly segments: Segment[],
    /** Every row's whole search_text, for the terms that may run across segments. */
    private readonly whole: SearchTextColumn,
    private readonly rows: number,
    separators: string[],
  ) {
    this.pieceBreak = new RegExp(`[${separators.map((c) => c.replace(/[\]\\^-]/g, '\\$&')).join('')}]`);
  }

  /** About the bytes held: the dictionaries' text, offsets and trigram filters, and the row codes. */
  get size(): number {
    return this.whole.size + this.segments.reduce((sum, s) => sum + s.values.size + s.codes.byteLength, 0);
  }

  /**
   * ANDs the rows whose text contains `needle` (lower-cased as the database lower-cases) into `into`,
   * a bitset over row positions, or sets it when `first`.
   */
  applyTerm(needle: string, into: Uint32Array, first: boolean): void {
    if (this.pieceBreak.test(needle)) this.whole.applyTerm(needle, into, first);
    else this.applyPiece(needle, into, first);
  }

  private fillAll(into: Uint32Array) {
    into.fill(0xffffffff);
    const tail = this.rows & 31;
    if (tail !== 0) into[into.length - 1] = (1 << tail) - 1;
  }

  /**
   * Keeps the rows holding `piece` (no separator in it) inside one of their segments. Segment by
   * segment, only rows not found yet are looked at; when they are few against the segment's dictionary
   * (a common piece, found in most rows by the first segments), their values are tested one by one
   * rather than the whole dictionary.
   */
  private applyPiece(piece: string, into: Uint32Array, first: boolean) {
    if (first) this.fillAll(into);
    const words = into.length;
    const found = new Uint32Array(words);
    let left = 0;
    for (const word of into) left += popcount(word);
    for (const segment of this.segments) {
      if (left === 0) break;
      left -=
        left * 4 < segment.values.rows
          ? this.findOneByOne(piece, segment, into, found)
          : this.findByDictionary(piece, segment, into, found);
    }
    into.set(found);
  }

  /** Rows still candidates (in `into`) and not yet `found` whose value holds the piece; answers how many. */
  private findOneByOne(piece: string, segment: Segment, into: Uint32Array, found: Uint32Array): number {
    let added = 0;
    for (let w = 0; w < into.length; w++) {
      let rest = into[w] & ~found[w];
      while (rest !== 0) {
        const bit = 31 - Math.clz32(rest & -rest);
        rest &= rest - 1;
        const code = segment.codes[(w << 5) + bit];
        if (code !== ABSENT && segment.values.textAt(code).includes(piece)) {
          found[w] |= 1 << bit;
          added++;
        }
      }
    }
    return added;
  }

  /** The same, by matching the piece once against the segment's dictionary. */
  private findByDictionary(piece: string, segment: Segment, into: Uint32Array, found: Uint32Array): number {
    const wanted = new Uint32Array((segment.values.rows + 31) >>> 5);
    segment.values.applyTerm(piece, wanted, true);
    if (!wanted.some((w) => w !== 0)) return 0;
    const codes = segment.codes;
    let added = 0;
    for (let w = 0; w < into.length; w++) {
      let rest = into[w] & ~found[w];
      if (rest === 0) continue;
      let word = 0;
      const base = w << 5;
      if (popcount(rest) > 8) {
        // Many rows to look at: reading all 32 codes beats picking the bits one by one.
        const end = Math.min(32, this.rows - base);
        for (let b = 0; b < end; b++) {
          const code = codes[base + b];
          word |= (code === ABSENT ? 0 : (wanted[code >>> 5] >>> (code & 31)) & 1) << b;
        }
        word &= rest;
      } else {
        while (rest !== 0) {
          const bit = 31 - Math.clz32(rest & -rest);
          rest &= rest - 1;
          const code = codes[base + bit];
          if (code !== ABSENT && (wanted[code >>> 5] & (1 << (code & 31))) !== 0) word |= 1 << bit;
        }
      }
      found[w] |= word;
      added += popcount(word);
    }
    return added;
  }
}

/** Collects each row's lower-cased search fields, in order. */
export class SearchTermsBuilder {
  private readonly dictionaries: Map<string, number>[];
  private readonly codes: Uint32Array[];
  private readonly whole: SearchTextBuilder;
  private row = 0;

  constructor(
    private readonly fields: readonly SearchField[],
    private readonly size: number,
  ) {
    const segments = fields.reduce((n, field) => n + (field.splitAt === undefined ? 1 : 2), 0);
    this.dictionaries = Array.from({ length: segments }, () => new Map());
    this.codes = Array.from({ length: segments }, () => new Uint32Array(size));
    this.whole = new SearchTextBuilder(size);
  }

  private code(segment: number, value: string): number {
    const dictionary = this.dictionaries[segment];
    let code = dictionary.get(value);
    if (code === undefined) {
      code = dictionary.size;
      dictionary.set(value, code);
    }
    return code;
  }

  /**
   * Adds one row: its search fields as the database lower-cases them, which joined by spaces are its
   * search_text (a change to that column in schema.ts must be mirrored in the catalogue's fields; the
   * tests comparing the index with SQL would catch a mismatch).
   */
  add(values: readonly string[]): void {
    let segment = 0;
    const put = (value: string | null) => {
      this.codes[segment][this.row] = value === null ? ABSENT : this.code(segment, value);
      segment++;
    };
    this.fields.forEach((field, k) => {
      const value = values[k];
      const cut = field.splitAt === undefined ? -1 : value.indexOf(field.splitAt);
      if (field.splitAt === undefined) {
        put(value);
      } else if (cut === -1) {
        put(value);
        put(null);
      } else {
        put(value.slice(0, cut));
        put(value.slice(cut + 1));
      }
    });
    this.whole.add(values.join(FIELD_SEPARATOR));
    this.row++;
  }

  finish(): SearchTerms {
    if (this.row !== this.size) throw new Error(`${this.row} of ${this.size} rows were added`);
    const segments = this.dictionaries.map((dictionary, k) => {
      const values = new SearchTextBuilder(dictionary.size);
      // A Map keeps insertion order, which is code order.
      for (const value of dictionary.keys()) values.add(value);
      return { values: values.finish(), codes: this.codes[k] };
    });
    const separators = [FIELD_SEPARATOR, ...this.fields.flatMap((f) => (f.splitAt === undefined ? [] : [f.splitAt]))];
    return new SearchTerms(segments, this.whole.finish(), this.size, separators);
  }
}
