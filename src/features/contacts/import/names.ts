// A full name as people type it into a spreadsheet, split into the first and last name an investor has.

/** Titles before a name, dropped. */
const HONORIFICS = /^(mr|mrs|ms|miss|mx|dr|prof|professor|sir|dame)\.?$/i;
/** Letters after a name, dropped; a generational suffix stays with the last name. */
const POST_NOMINALS = /^(phd|ph\.d\.?|md|mba|cfa|cpa|esq\.?)$/i;
const GENERATIONAL = /^(jr\.?|sr\.?|ii|iii|iv)$/i;
/** Lower-case words that begin a last name ("Ludwig van Beethoven", "Maria de la Cruz"). */
const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'du', 'la', 'le', 'dos', 'das', 'bin', 'ibn', 'al', 'ter', 'ten']);

export interface SplitName {
  first_name: string;
  last_name: string;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * "Ada Lovelace" → Ada / Lovelace; "Lovelace, Ada" → Ada / Lovelace; a middle name stays with the first
 * ("Mary Ann Smith" → Mary Ann / Smith); particles go with the last ("Jan van der Berg" → Jan / van der
 * Berg); "Martin Luther King Jr." → Martin Luther / King Jr.; titles and degrees are dropped. A single word
 * is taken for the last name: the catalogue matches on last names, and a first name alone names nobody.
 */
export function splitFullName(full: string): SplitName {
  const text = full.replace(/\s+/g, ' ').trim();
  // A formula ("=HYPERLINK(…)") is kept as written, never read: cut at its last space, first + ' ' + last is the cell.
  if (text.startsWith('=')) {
    const space = text.lastIndexOf(' ');
    return space > 0 ? { first_name: text.slice(0, space), last_name: text.slice(space + 1) } : { first_name: '', last_name: text };
  }
  const comma = text.indexOf(',');
  if (comma > 0) {
    const before = text.slice(0, comma).trim();
    const after = words(text.slice(comma + 1)).filter((word) => !POST_NOMINALS.test(word.replace(/,$/, '')));
    // "King, Martin Luther" is last, first; "Ada Lovelace, PhD" and "Martin King, Jr." are not.
    if (after.length > 0 && !after.every((word) => GENERATIONAL.test(word)) && words(before).length <= 3) {
      const first = after.filter((word) => !HONORIFICS.test(word) && !GENERATIONAL.test(word));
      const suffix = after.filter((word) => GENERATIONAL.test(word));
      return { first_name: first.join(' '), last_name: [before, ...suffix].join(' ') };
    }
    return splitFullName(`${before} ${after.join(' ')}`);
  }
  const parts = words(text).filter((word) => !HONORIFICS.test(word) && !POST_NOMINALS.test(word));
  const suffix: string[] = [];
  while (parts.length > 1 && GENERATIONAL.test(parts[parts.length - 1])) suffix.unshift(parts.pop()!);
  if (parts.length === 0) return { first_name: '', last_name: suffix.join(' ') };
  if (parts.length === 1) return { first_name: '', last_name: [parts[0], ...suffix].join(' ') };
  let lastStart = parts.length - 1;
  while (lastStart > 1 && PARTICLES.has(parts[lastStart - 1])) lastStart -= 1;
  return { first_name: parts.slice(0, lastStart).join(' '), last_name: [...parts.slice(lastStart), ...suffix].join(' ') };
}
