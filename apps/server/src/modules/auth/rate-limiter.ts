/**
 * Fixed-window request counters per key (an address, an account name), in this process. Several
 * server processes each count their own share; the lockout that matters for guessing passwords
 * (login_throttle) is in the database and shared.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts a hit of `key`; false when the key is over its limit in the current window. */
  hit(key: string, now = Date.now()): boolean {
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (this.windows.size > 50_000) this.sweep(now);
      this.windows.set(key, { start: now, count: 1 });
      return this.limit > 0;
    }
    w.count++;
    return w.count <= this.limit;
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
  }
}
