import type { Redis } from 'ioredis';

/**
 * Fixed-window request counters per key (an address, an account name). With Redis configured
 * (REDIS_URL) every server process counts into the same window; without it each process counts
 * its own share. The lockout that matters for guessing passwords (login_throttle) is in the
 * database and shared either way.
 */
export interface RateLimiter {
  /** Counts a hit of `key`; false when the key is over its limit in the current window. */
  hit(key: string, now?: number): Promise<boolean>;
}

/** Counters in this process. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
  ) {}

  hit(key: string, now = Date.now()): Promise<boolean> {
    return Promise.resolve(this.hitNow(key, now));
  }

  /** The synchronous count behind `hit`. */
  hitNow(key: string, now = Date.now()): boolean {
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

// One round trip: the counter and its expiry are set together, so a crash between the two cannot
// leave a counter that never expires.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * Counters in Redis, shared by every process that uses the same `name`. When Redis cannot be
 * reached the hit is counted in this process instead (logged once per outage): a login must not
 * fail because the counter store is down, and the database lockout still guards passwords.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly fallback: MemoryRateLimiter;
  private failing = false;

  constructor(
    private readonly redis: Redis,
    /** Names the counter; limiters of one name share it (with the installation's key prefix). */
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly onOutage: (err: Error) => void = () => {},
  ) {
    this.fallback = new MemoryRateLimiter(limit, windowMs);
  }

  async hit(key: string, now = Date.now()): Promise<boolean> {
    if (this.limit <= 0) return false;
    // The window opens at the key's first hit, in whichever process, and closes when Redis expires it.
    try {
      const n = (await this.redis.eval(HIT_SCRIPT, 1, `${this.name}:${key}`, this.windowMs)) as number;
      this.failing = false;
      return n <= this.limit;
    } catch (err) {
      if (!this.failing) this.onOutage(err as Error);
      this.failing = true;
      return this.fallback.hitNow(key, now);
    }
  }
}

/** Makes the limiters of the services: in Redis when a client is given, else in this process. */
export type RateLimiterFactory = (name: string, limit: number, windowMs?: number) => RateLimiter;

export function rateLimiterFactory(
  redis?: Redis,
  opts: { prefix?: string; onOutage?: (err: Error) => void } = {},
): RateLimiterFactory {
  const prefix = opts.prefix ?? 'openfind:rate';
  return (name, limit, windowMs = 60_000) =>
    redis
      ? new RedisRateLimiter(redis, `${prefix}:${name}`, limit, windowMs, opts.onOutage)
      : new MemoryRateLimiter(limit, windowMs);
}
