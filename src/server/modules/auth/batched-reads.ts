interface Caller<V> {
  resolve(value: V): void;
  reject(error: unknown): void;
}

/**
 * A lookup by key that many callers share: the keys asked for while a read is under way wait for it to end
 * and are then read together, each distinct key once, in one statement. Under load a lookup every call makes
 * (the session check, the caller's profile) costs one statement per turn instead of one per call: on PGlite
 * one place in its queue, on PostgreSQL one pooled connection. Nothing is kept between reads, and a caller
 * is always answered by a statement sent after it asked, so it sees every change committed before it did.
 */
export class BatchedReads<K, V> {
  private waiting = new Map<K, Caller<V>[]>();
  private reading = false;

  constructor(
    /** Reads the keys in one statement; a key it leaves out is answered `absent`. */
    private readonly readAll: (keys: K[]) => Promise<Map<K, V>>,
    private readonly absent: V,
  ) {}

  read(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.reading) {
        this.reading = true;
        // The callers whose requests arrived in this turn of the event loop join the first read too.
        setImmediate(() => void this.next());
      }
    });
  }

  private async next(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    try {
      const found = await this.readAll([...batch.keys()]);
      for (const [key, callers] of batch) {
        const value = found.has(key) ? found.get(key)! : this.absent;
        for (const caller of callers) caller.resolve(value);
      }
    } catch (error) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
    }
    if (this.waiting.size > 0) void this.next();
    else this.reading = false;
  }
}
