/** Entries up to this many times their lifetime are still answered while they are renewed. */
const STALE_FACTOR = 3;

/**
 * A bounded cache whose entries expire after `ttlMs` (0 disables it). The least recently used
 * entries go first when there are more than `maxEntries`, or when the entries weigh more than
 * `maxWeight` (as `weigh` measures a loaded value). Concurrent loads of one key share one promise.
 */
export class ResultCache<V> {
  private readonly entries = new Map<
    string,
    { at: number; value: Promise<V>; weight: number; renewing?: boolean; kept?: boolean }
  >();
  private weight = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly limits: { maxWeight: number; weigh: (value: V) => number } | undefined = undefined,
  ) {}

  /** The cached value of `key`, or undefined. */
  peek(key: string): Promise<V> | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (!hit.kept && Date.now() - hit.at >= this.ttlMs) {
      this.remove(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /**
   * The cached value of `key`, loading it when absent. An entry a little past its time is still
   * answered while it is loaded again in the background (stale-while-revalidate), so popular
   * searches never wait for their renewal.
   */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const old = this.entries.get(key);
    if (old && !old.renewing && !old.kept) {
      const age = Date.now() - old.at;
      if (age >= this.ttlMs && age < this.ttlMs * STALE_FACTOR) {
        old.renewing = true;
        const next = load();
        next.then(
          () => this.set(key, next),
          () => (old.renewing = false),
        );
        return old.value;
      }
    }
    const hit = this.peek(key);
    if (hit) return hit;
    const value = load();
    this.set(key, value);
    return value;
  }

  /**
   * Keeps the value of `key`, loading it when absent, until `clear` or the size limits remove it:
   * for values that change only when the caller clears them (warmed searches).
   */
  keep(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    if (hit) {
      this.entries.get(key)!.kept = true;
      return hit;
    }
    const value = load();
    this.set(key, value, true);
    return value;
  }

  /** Stores a value (a failed promise is forgotten); `kept`: it does not expire. */
  set(key: string, value: Promise<V>, kept = false): void {
    if (this.ttlMs <= 0) return;
    this.remove(key);
    const entry = { at: Date.now(), value, weight: 0, kept };
    this.entries.set(key, entry);
    this.evict();
    value.then(
      (v) => {
        if (this.entries.get(key) !== entry || !this.limits) return;
        entry.weight = this.limits.weigh(v);
        this.weight += entry.weight;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
  }

  /** Forgets the entries whose key starts with `prefix` (all when omitted). */
  clear(prefix?: string): void {
    for (const k of [...this.entries.keys()]) if (prefix === undefined || k.startsWith(prefix)) this.remove(k);
  }

  private remove(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.weight -= e.weight;
    this.entries.delete(key);
  }

  private evict(): void {
    const maxWeight = this.limits?.maxWeight ?? Infinity;
    while (this.entries.size > this.maxEntries || (this.weight > maxWeight && this.entries.size > 1)) {
      this.remove(this.entries.keys().next().value!);
    }
  }
}
