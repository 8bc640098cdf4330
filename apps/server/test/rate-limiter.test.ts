import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { ApiPath, ErrCode } from '@openfind/contract';
import { openRedis, redisReady } from '../src/lib/redis.js';
import { MemoryRateLimiter, RedisRateLimiter, rateLimiterFactory } from '../src/modules/auth/rate-limiter.js';
import { createTestApp, envelopeOf } from './helpers.js';
import { captcha, TEST_AUTH } from './auth-support.js';

describe('request limits in this process', () => {
  it('allows `limit` hits per key and window, then refuses until the next window', async () => {
    const l = new MemoryRateLimiter(3, 1000);
    const hits = [];
    for (let i = 0; i < 5; i++) hits.push(await l.hit('1|10.0.0.1', 5000 + i));
    expect(hits).toEqual([true, true, true, false, false]);
    expect(await l.hit('1|10.0.0.2', 5005)).toBe(true);
    expect(await l.hit('1|10.0.0.1', 6000)).toBe(true);
  });

  it('refuses everything with a limit of 0', async () => {
    expect(await new MemoryRateLimiter(0).hit('x')).toBe(false);
  });
});

// Redis runs beside PostgreSQL in CI (`npm run test:pg` sets OPENFIND_TEST_REDIS).
const REDIS_URL = process.env.OPENFIND_TEST_REDIS;

describe.runIf(REDIS_URL)('request limits shared through Redis', () => {
  const clients: Redis[] = [];
  const client = () => {
    const r = openRedis(REDIS_URL!);
    clients.push(r);
    return r;
  };
  const prefix = `openfind-test:${randomBytes(6).toString('hex')}`;
  afterAll(async () => {
    const r = clients[0];
    if (r) {
      const keys = await r.keys(`${prefix}:*`);
      if (keys.length) await r.del(...keys);
    }
    for (const c of clients) c.disconnect();
  });

  it('counts the hits of two processes (two clients) in one window', async () => {
    const [a, b] = [client(), client()];
    expect(await redisReady(a)).toBe(true);
    expect(await redisReady(b)).toBe(true);
    const first = rateLimiterFactory(a, { prefix })('login-ip', 4, 60_000);
    const second = rateLimiterFactory(b, { prefix })('login-ip', 4, 60_000);
    const now = 1_000_000 * 60_000 + 5;
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await first.hit('1|10.0.0.9', now), await second.hit('1|10.0.0.9', now));
    expect(hits).toEqual([true, true, true, true, false, false]);
    // Another counter: counted apart.
    expect(await rateLimiterFactory(a, { prefix })('captcha-ip', 4).hit('1|10.0.0.9', now)).toBe(true);
  });

  it('lets each counter expire with its window', async () => {
    const r = client();
    await redisReady(r);
    const l = new RedisRateLimiter(r, `${prefix}:expiry`, 1, 2_000);
    const now = Date.now();
    expect(await l.hit('k', now)).toBe(true);
    const ttl = await r.pttl(`${prefix}:expiry:k`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2_000);
  });

  it('falls back to counting in this process when Redis cannot be reached, and says so once', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    down.on('error', () => {});
    const outages: Error[] = [];
    const l = rateLimiterFactory(down, { prefix, onOutage: (e) => outages.push(e) })('login-ip', 2);
    expect([await l.hit('k'), await l.hit('k'), await l.hit('k')]).toEqual([true, true, false]);
    expect(outages).toHaveLength(1);
    down.disconnect();
  });

  it('throttles logins from one address across two server processes and across institutions', async () => {
    const limits = { ...TEST_AUTH, loginsPerMinutePerIp: 3 };
    const shared = `${prefix}:http`;
    const apps = await Promise.all(
      [client(), client()].map((r) =>
        createTestApp({ auth: limits, rateLimiters: rateLimiterFactory(r, { prefix: shared }) }),
      ),
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const t = apps[i % 2]!;
        // Each try at another demo institution: the address is counted across them.
        const mappingPath = ['', 'beiling', 'xihu', ''][i]!;
        const c = await captcha(t, mappingPath);
        const res = await t.call({
          url: ApiPath.login,
          mappingPath,
          body: { username: 'reader', password: 'wrong-password-1', verifyCode: c.answer, codeKey: c.codeKey },
        });
        statuses.push(envelopeOf(res).errCode);
      }
      // Three wrong passwords (two on one process, one on the other), then the address is refused.
      expect(statuses.slice(0, 3)).not.toContain(ErrCode.tooManyRequests);
      expect(statuses[3]).toBe(ErrCode.tooManyRequests);
    } finally {
      await Promise.all(apps.map((t) => t.close()));
    }
  });
});
