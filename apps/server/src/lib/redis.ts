import { Redis } from 'ioredis';

/**
 * A Redis client for state shared by several server processes (REDIS_URL). Commands fail at once
 * while Redis is unreachable instead of queueing, and give up after a short time, so that callers
 * can fall back to this process's own state; the client keeps reconnecting in the background.
 */
export function openRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 500,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
}

/** Waits until the client is connected, or `ms` has passed; whether it is connected. */
export function redisReady(redis: Redis, ms = 2_000): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    redis.once('ready', onReady);
  });
}
