// The database's lower(), learned once and then applied in memory: search_text is lower-cased by the
// database, so a search term must be folded exactly as the database folds it, not as JavaScript does
// (measured: PostgreSQL 15 on glibc's C.UTF-8 and PGlite each fold some letters differently from
// toLowerCase() and from each other — 'İ', 'Ⓐ', 'ẞ', recent additions to Unicode). A libc locale folds
// one character at a time (towlower), so the database's answer for every character is the whole truth.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

/** Planes 0 and 1 hold every letter Unicode gives a case; anything above is asked of the database. */
const LEARNED_END = 0x20000;

/** Code points whose fold is learned: not NUL (not text), not surrogates (not characters), below LEARNED_END. */
const isLearned = (cp: number) => cp > 0 && cp < LEARNED_END && (cp < 0xd800 || cp > 0xdfff);

/**
 * Every learned code point, in order, as one string: made once per process, since every app an instance (or a test
 * worker) builds learns its database's fold with it.
 */
let probe: string | undefined;
function learnedText(): string {
  if (probe === undefined) {
    const parts: string[] = [];
    for (let cp = 1; cp < LEARNED_END; cp++) if (isLearned(cp)) parts.push(String.fromCodePoint(cp));
    probe = parts.join('');
  }
  return probe;
}

export class CaseFold {
  private constructor(
    /** The code points lower() changes, and what it makes of each. */
    private readonly changed: Map<number, string>,
  ) {}

  /**
   * Asks the database to lower-case every learned character at once (a few tens of ms). Answers null
   * when lower() is not a character-by-character mapping here — an ICU or builtin collation may map
   * by context (a final sigma) or change lengths — or the database cannot hold the probe; callers then
   * keep asking the database.
   */
  static async learn(db: Db): Promise<CaseFold | null> {
    try {
      const [{ provider }] = await queryRows(
        db,
        sql`SELECT datlocprovider AS provider FROM pg_database WHERE datname = current_database()`,
      );
      if (provider !== 'c') return null;
      const text = learnedText();
      const [{ lowered }] = await queryRows(db, sql`SELECT lower(${text}) AS lowered`);
      const to = [...String(lowered)];
      const changed = new Map<number, string>();
      let i = 0;
      for (const c of text) {
        if (to[i] !== c) changed.set(c.codePointAt(0)!, to[i]);
        i += 1;
      }
      return i === to.length ? new CaseFold(changed) : null;
    } catch {
      return null;
    }
  }

  /** `text` as the database's lower() answers it; undefined if it holds a character not learned. */
  lower(text: string): string | undefined {
    let out = '';
    for (const c of text) {
      const cp = c.codePointAt(0)!;
      if (!isLearned(cp)) return undefined;
      out += this.changed.get(cp) ?? c;
    }
    return out;
  }
}
