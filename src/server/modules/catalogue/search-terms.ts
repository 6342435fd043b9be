// A search term matched in memory exactly as `search_text LIKE '%needle%'` matches it. search_text is a
// row's search fields, lower-cased and joined by spaces (schema.ts). Each field is held as a dictionary
// of its distinct values with each row's code and each value's rows (search-field.ts); the rows'
// joined text is not kept.
//
// An occurrence of the needle in a row's text either lies inside one field's value, or starts as the
// end of field i's value, runs over whole values of the fields after it, and ends as the start of a
// later field's value, each space it crosses between fields being one of its own spaces. So:
// - inside one field: each field is asked in turn for the rows not found yet; once those are few
//   against the field's dictionary, each row's own value is tested instead;
// - across fields (a needle with a space): each way of cutting the needle at its spaces into an end,
//   whole values and a start is a conjunction of per-field conditions, and the rows are their union.
//   A needle with many spaces has many ways; past MAX_READINGS field readings it is left to SQL
//   (applyTerm answers false).
// A needle of one character (the first key a founder types) is held by most rows, in several fields
// each: for each ASCII character that many rows hold, the rows holding it are kept as a bitset; and so
// for each common pair of characters (pair-rows.ts), which answer a needle of two and narrow a longer one.
import { countSet, fillAll, scratch, setOrAnd, wordsFor } from './bitset.js';
import { nextTurn } from './next-turn.js';
import { buildPairRows, type PairRows } from './pair-rows.js';
import { type Place, type SearchField, SearchFieldBuilder } from './search-field.js';
import { ASCII, DENSE } from './short-patterns.js';

/** One search column of a catalogue, as search_text holds it. */
export interface SearchFieldSpec {
  name: string;
  /** Cut the value at the first of this character (an e-mail at its '@'): its parts repeat more. */
  splitAt?: string;
}

const FIELD_SEPARATOR = ' ';
/** Field readings one needle may take across fields: a needle of a few words takes a few dozen. */
const MAX_READINGS = 200;

class TooManyReadings extends Error {}

function or(a: Uint32Array | null, b: Uint32Array): Uint32Array {
  if (a === null) return b;
  const out = scratch.take(a.length);
  for (let w = 0; w < a.length; w++) out[w] = a[w] | b[w];
  return out;
}

export class SearchTerms {
  /** The fields, smallest dictionary first: the few values of a title or a city settle most rows cheaply. */
  private readonly bySize: SearchField[];

  constructor(
    private readonly fields: SearchField[],
    private readonly rows: number,
    /** By character code: the rows holding it in some field. */
    private readonly characters: Map<number, Uint32Array>,
    private readonly pairs: PairRows,
  ) {
    this.bySize = [...fields].sort((a, b) => a.distinct - b.distinct);
  }

  /**
   * About the bytes held: the dictionaries' text, offsets and filters, the codes and postings, and the
   * characters' and pairs' rows.
   */
  get size(): number {
    let size = this.fields.reduce((sum, field) => sum + field.size, 0) + this.pairs.size;
    for (const rows of this.characters.values()) size += rows.byteLength;
    return size;
  }

  /** The row's text: its fields joined by spaces, as search_text is. */
  rowText(row: number): string {
    return this.fields.map((field) => field.valueOf(row)).join(FIELD_SEPARATOR);
  }

  /** Whether the row's text holds `needle`: a test of one row. */
  rowHolds(row: number, needle: string): boolean {
    if (needle.includes(FIELD_SEPARATOR)) return this.rowText(row).includes(needle);
    for (const field of this.fields) if (field.valueOf(row).includes(needle)) return true;
    return false;
  }

  /**
   * ANDs the rows whose text contains `needle` (lower-cased as the database lower-cases) into `into`,
   * a bitset over row positions, or sets it when `first`. Answers false, with `into` untouched, for a
   * needle with too many ways to run across fields: the caller then asks the database. Its working
   * bitsets come from `scratch`, which the caller releases when its search ends.
   */
  applyTerm(needle: string, into: Uint32Array, first: boolean): boolean {
    const rows = needle.length === 1 ? this.characters.get(needle.charCodeAt(0)) : this.pairs.rowsOf(needle);
    if (rows !== undefined) {
      setOrAnd(into, rows, first);
      return true;
    }
    try {
      const candidates = scratch.take(into.length);
      if (first) fillAll(candidates, this.rows);
      else candidates.set(into);
      this.pairs.narrow(needle, candidates);
      const found = scratch.take(into.length);
      if (needle.includes(FIELD_SEPARATOR)) {
        const across = this.acrossFields(needle, candidates);
        if (across) found.set(across);
      }
      this.withinOneField(needle, candidates, found);
      into.set(found);
      return true;
    } catch (error) {
      if (error instanceof TooManyReadings) return false;
      throw error;
    }
  }

  /** Adds to `found` the candidates not yet in it that hold the needle inside one field's value. */
  private withinOneField(needle: string, candidates: Uint32Array, found: Uint32Array) {
    let left = countSet(candidates) - countSet(found);
    for (const field of this.bySize) {
      if (left === 0) break;
      left -= field.addRows(needle, 'anywhere', candidates, found, left);
    }
  }

  /**
   * The candidates where the needle starts in one field and ends in a later one: for every space of
   * the needle and every field, the rows whose value ends with the needle's text before that space,
   * narrowed to those whose next fields spell the rest from their start. Each step reads only the
   * rows the steps before kept, so a rare word on either side keeps the whole search cheap.
   */
  private acrossFields(needle: string, candidates: Uint32Array): Uint32Array | null {
    const spaces: number[] = [];
    for (let i = needle.indexOf(FIELD_SEPARATOR); i !== -1; i = needle.indexOf(FIELD_SEPARATOR, i + 1)) spaces.push(i);
    let readings = 0;
    /** The rows of `within` (`count` of them) whose value in field k holds `piece` at `place`, or null. */
    const where = (k: number, piece: string, place: Place, within: Uint32Array, count: number): Uint32Array | null => {
      if (++readings > MAX_READINGS) throw new TooManyReadings();
      const rows = scratch.take(within.length);
      return this.fields[k].addRows(piece, place, within, rows, count) === 0 ? null : rows;
    };
    /** The rows of `within` whose fields from k on, from the start of field k, spell needle[at…]. */
    const spelling = (k: number, at: number, within: Uint32Array): Uint32Array | null => {
      const count = countSet(within);
      let rows = where(k, needle.slice(at), 'start', within, count);
      if (k + 1 < this.fields.length) {
        for (const space of spaces) {
          if (space < at) continue;
          if (space - at > this.fields[k].longest) break;
          const whole = where(k, needle.slice(at, space), 'whole', within, count);
          const rest = whole && spelling(k + 1, space + 1, whole);
          if (rest) rows = or(rows, rest);
        }
      }
      return rows;
    };
    const candidateCount = countSet(candidates);
    let across: Uint32Array | null = null;
    for (const space of spaces) {
      for (let k = 0; k + 1 < this.fields.length; k++) {
        const head = where(k, needle.slice(0, space), 'end', candidates, candidateCount);
        const rest = head && spelling(k + 1, space + 1, head);
        if (rest) across = or(across, rest);
      }
    }
    return across;
  }
}

/** Collects each row's lower-cased search fields, in order. */
export class SearchTermsBuilder {
  private readonly fields: SearchFieldBuilder[];
  /** By ASCII character code: the rows holding it so far. */
  private readonly characters: (Uint32Array | undefined)[] = new Array(ASCII);
  private row = 0;

  /** What no kept pair holds: the space between fields and the fields' cuts. */
  private readonly unpaired: string;

  constructor(
    fields: readonly SearchFieldSpec[],
    private readonly size: number,
  ) {
    this.fields = fields.map((field) => new SearchFieldBuilder(size, field.splitAt));
    this.unpaired = FIELD_SEPARATOR + fields.map((field) => field.splitAt ?? '').join('');
  }

  /**
   * Adds one row: its search fields as the database lower-cases them, which joined by spaces are its
   * search_text (a change to that column in schema.ts must be mirrored in the catalogue's search
   * fields; the tests comparing the index with SQL would catch a mismatch).
   */
  add(values: readonly string[]): void {
    const word = this.row >>> 5;
    const bit = 1 << (this.row & 31);
    for (let k = 0; k < values.length; k++) {
      const value = values[k];
      this.fields[k].add(value);
      for (let i = 0; i < value.length; i++) {
        const c = value.charCodeAt(i);
        if (c < ASCII) (this.characters[c] ??= new Uint32Array(wordsFor(this.size)))[word] |= bit;
      }
    }
    this.row++;
  }

  /** Makes each field's dictionary, postings and bitsets, yielding the event loop between fields. */
  async finish(): Promise<SearchTerms> {
    if (this.row !== this.size) throw new Error(`${this.row} of ${this.size} rows were added`);
    const fields: SearchField[] = [];
    for (const field of this.fields) {
      fields.push(await field.finish());
      await nextTurn();
    }
    const characters = new Map<number, Uint32Array>();
    this.characters.forEach((rows, c) => {
      // A space is between every two fields: a term of one space is left to the fields.
      if (rows !== undefined && c !== 32 && countSet(rows) * DENSE >= this.size) characters.set(c, rows);
    });
    return new SearchTerms(fields, this.size, characters, await buildPairRows(fields, this.size, this.unpaired));
  }
}
