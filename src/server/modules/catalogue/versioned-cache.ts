/**
 * Values computed from the catalogue, valid for one catalogue version. A newer version drops every
 * older entry; at most `capacity` entries are kept, the least recently used going first. Concurrent
 * askers of one missing key share a single computation.
 */
export class VersionedCache<T> {
  private version = -1;
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly capacity: number) {}

  get(version: number, key: string, compute: () => Promise<T>): Promise<T> {
    if (version < this.version) return compute();
    if (version > this.version) {
      this.entries.clear();
      this.version = version;
    }
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = compute();
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return pending;
  }

  get size(): number {
    return this.entries.size;
  }
}
