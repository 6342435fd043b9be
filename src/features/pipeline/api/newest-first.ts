/** Sorts a row's entries newest first by their ISO time `at`; of two in the same instant, the one added last. */
export const newestFirst =
  <K extends string>(at: K) =>
  <T extends { id: number } & Record<K, string>>(a: T, b: T) =>
    b[at].localeCompare(a[at]) || b.id - a.id;
