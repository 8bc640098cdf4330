import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { openConfiguredDatabase, prepareDatabase } from './db/setup.js';
import { seedDemo } from './seed/demo.js';
import { openRedis, redisReady } from './lib/redis.js';
import { rateLimiterFactory } from './modules/auth/rate-limiter.js';
import { createServices, type Services } from './services.js';
import { ReminderScheduler } from './modules/reminders/reminder-scheduler.js';
import { SubscriptionScheduler } from './modules/subscriptions/subscription-scheduler.js';

export interface RunningApp {
  app: FastifyInstance;
  services: Services;
  db: Db;
  /** The daily reminder run, to start once the server listens (unless REMINDERS_SCHEDULE=off). */
  reminders: ReminderScheduler | undefined;
  /** The daily subscription digests, on the reminders' schedule (off with it). */
  subscriptions: SubscriptionScheduler | undefined;
}

/** Opens and prepares the database, seeds the demo when asked and the database is empty, builds the app. */
export async function createRunningApp(
  config: AppConfig,
  opts: { seedDemoIfEmpty?: boolean; logger?: boolean | object } = {},
): Promise<RunningApp> {
  const db = await openConfiguredDatabase(config);
  const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined;
  // Until the app's logger exists, Redis problems go to stderr; then to the log.
  let warn: (msg: string, err: Error) => void = (msg, err) => process.stderr.write(`${msg}: ${err.message}\n`);
  let outage = false;
  redis?.on('error', (err: Error) => {
    if (!outage) warn('Redis unreachable, request limits are counted per process until it is back', err);
    outage = true;
  });
  redis?.on('ready', () => (outage = false));
  try {
    await prepareDatabase(db);
    if (redis && !(await redisReady(redis))) {
      warn('Redis not reachable at start', new Error('request limits are counted per process until it is'));
    }
    const rateLimiters = rateLimiterFactory(redis, {
      onOutage: (err) => warn('A Redis command failed, request limits are counted per process meanwhile', err),
    });
    const services = createServices(db, { ...config, rateLimiters });
    // Imports of the console left running by a server that stopped end as interrupted.
    await services.catalogueAdmin.recoverInterrupted();
    const tenants = await services.tenants.list();
    if (tenants.length === 0 && opts.seedDemoIfEmpty) {
      await seedDemo(db.kysely);
      services.tenants.invalidate();
    }
    const app = await buildApp({
      services,
      webDist: config.webDist,
      logger: opts.logger ?? { level: config.logLevel },
      trustProxy: config.trustProxy,
    });
    warn = (msg, err) => app.log.warn({ err: err.message }, msg);
    const reminders = config.reminders.schedule
      ? new ReminderScheduler(services.reminderJob, config.reminders, app.log)
      : undefined;
    const subscriptions = config.reminders.schedule
      ? new SubscriptionScheduler(services.subscriptionJob, config.reminders, app.log)
      : undefined;
    app.addHook('onClose', async () => {
      await reminders?.stop();
      await subscriptions?.stop();
      await services.docDelivery.stopRetries();
      services.circulation.close();
      redis?.disconnect();
      await db.close();
    });
    return { app, services, db, reminders, subscriptions };
  } catch (err) {
    redis?.disconnect();
    await db.close().catch(() => {});
    throw err;
  }
}
