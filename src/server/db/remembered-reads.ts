/** Reads remembered at most; past this, the longest-held is forgotten. */
const REMEMBERED_READS = 10_000;

/**
 * Counts the writes in this process that can change what a RememberedReads holds, each as it begins and again once
 * it is answered, so a read begun while one was under way is not kept.
 */
export class WritesCount {
  private count = 0;

  get value(): number {
    return this.count;
  }

  /** Every such write is made through this. */
  async of<T>(write: PromiseLike<T>): Promise<T> {
    this.count += 1;
    try {
      return await write;
    } finally {
      this.count += 1;
    }
  }
}

/**
 * On PGlite, what a lookup read from the database, remembered until this process makes a write that can change it.
 * That answers as a read would: only this process opens the database (its data directory is locked), and every
 * such write is counted (WritesCount). A read begun while the count moved is not kept; one begun after the write
 * was answered ran after it, and PGlite runs a transaction's statements alone, so after its commit or rollback too.
 * Each lookup remembered is a statement fewer in the one queue of every founder's statements. On PostgreSQL other
 * instances write too: not used there.
 */
export class RememberedReads<K, V> {
  /** Key → what was read, and the count of writes when it was. */
  private readonly kept = new Map<K, { writes: number; value: V }>();

  constructor(
    private readonly read: (key: K) => Promise<V>,
    private readonly writes: WritesCount,
    /** Whether a value read is kept (a session read ended is not: it is refused anyway). */
    private readonly keeps: (value: V) => boolean = () => true,
  ) {}

  async get(key: K): Promise<V> {
    const count = this.writes.value;
    const kept = this.kept.get(key);
    if (kept?.writes === count) return kept.value;
    this.kept.delete(key);
    const value = await this.read(key);
    if (this.writes.value === count && this.keeps(value)) {
      if (this.kept.size >= REMEMBERED_READS) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(key, { writes: count, value });
    }
    return value;
  }
}
