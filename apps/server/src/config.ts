import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_PGLITE_SHARED_BUFFERS } from './db/database.js';
import { isTimeZone } from './modules/reminders/zoned-time.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string; unset = the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Server processes sharing the port (PostgreSQL only): one per core uses the machine. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Redis shared by several server processes (rate limits); unset = each process counts its own. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The embedded database's page cache (PostgreSQL units: 256MB, 1GB). */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'a size such as 256MB or 1GB')
    .default(DEFAULT_PGLITE_SHARED_BUFFERS),
  /** Whether the embedded database runs in a worker thread of its own (it uses the second core). */
  PGLITE_THREAD: z.enum(['true', 'false']).default('true'),
  /** Milliseconds after which a database statement is logged with its SQL (0 = never). */
  SLOW_QUERY_MS: z.coerce.number().min(0).max(600_000).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web app served at /. */
  WEB_DIST: z.string().default(DEFAULT_WEB_DIST),
  /** Seconds the server caches tenant configuration before reading it again. */
  CONFIG_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** Trust X-Forwarded-* from a proxy in front: 'true', 'false' or addresses/CIDRs, comma separated. */
  TRUST_PROXY: z.string().default('false'),
  /** Key that signs session tokens (32+ characters); unset = one generated and kept in the database. */
  SESSION_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /** Hours a session token lasts. */
  SESSION_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  /** AES key (16, 24 or 32 characters) of the client-side password cipher form; unset = plain passwords only. */
  PASSWORD_CIPHER_KEY: z
    .string()
    .refine((v) => [16, 24, 32].includes(Buffer.byteLength(v)), '16, 24 or 32 bytes')
    .optional(),
  /** Outgoing mail server for verification codes: smtp://user:pass@host:587 or smtps://...; unset = inbox only. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Sender address of those mails. */
  MAIL_FROM: z.string().default('OpenFind <no-reply@localhost>'),
  /**
   * Password attempts one client address may make per minute, all accounts and institutions together.
   * Raise it where many readers share one address (a campus or reading-room NAT).
   */
  LOGINS_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Image codes one client address may fetch per minute (the same reading-room reason to raise it). */
  CAPTCHAS_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Password-recovery and binding calls one client address may make per minute. */
  RECOVERY_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Whether this server runs the due-date reminders on its schedule ('off': only `openfind reminders run`). */
  REMINDERS_SCHEDULE: z.enum(['on', 'off']).default('on'),
  /** The local time of day the reminders run, HH:MM, in REMINDERS_TIME_ZONE. */
  REMINDERS_AT: z
    .string()
    .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'a time of day HH:MM')
    .default('08:00'),
  /** The time zone of REMINDERS_AT (an IANA name). */
  REMINDERS_TIME_ZONE: z.string().refine(isTimeZone, 'a time zone such as Asia/Shanghai').default('Asia/Shanghai'),
  /** The largest catalogue file the staff console uploads for an import, in MB (streamed to DATA_DIR/imports). */
  CATALOGUE_IMPORT_MAX_MB: z.coerce.number().int().min(1).max(100_000).default(200),
  /** Test only: captcha answers in the captcha response, for browser tests. Refused in production. */
  TEST_CAPTCHA_ANSWER: z.enum(['0', '1']).default('0'),
});

/** The validated runtime configuration of the server. */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Server processes (node:cluster) sharing the port; more than one needs a PostgreSQL server. */
  workers: number;
  database: (
    | { kind: 'pglite'; dataDir: string; sharedBuffers: string; thread: boolean }
    | { kind: 'postgres'; url: string; poolSize: number }
  ) & {
    /** Statements slower than this are logged with their SQL; 0 = off. */
    slowQueryMs: number;
  };
  redisUrl?: string | undefined;
  logLevel: string;
  webDist: string;
  configCacheMs: number;
  trustProxy: boolean | string;
  auth: AuthEnv;
  /** The due-date reminders: whether this server runs them on its schedule, and when (modules/reminders). */
  reminders: ReminderEnv;
  /** The console's catalogue uploads: where they wait for their run (under the data folder), the largest. */
  catalogueImport: { dir: string; maxBytes: number };
}

/** When the server runs the due-date reminders. */
export interface ReminderEnv {
  schedule: boolean;
  hour: number;
  minute: number;
  timeZone: string;
}

/** The account and session settings of the environment (modules/auth). */
export interface AuthEnv {
  sessionSecret?: string | undefined;
  sessionHours: number;
  passwordCipherKey?: string | undefined;
  smtpUrl?: string | undefined;
  mailFrom: string;
  exposeCaptchaAnswer: boolean;
  /** Login attempts one address may make per minute (all account names and institutions together). */
  loginsPerMinutePerIp: number;
  /** Image codes one address may fetch per minute. */
  captchasPerMinutePerIp: number;
  /** Recovery and binding calls one address may make per minute. */
  recoveryPerMinutePerIp: number;
}

/** Thrown when the environment is invalid; the message lists every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the configuration from environment variables. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.TEST_CAPTCHA_ANSWER === '1' && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'invalid configuration in the environment:\n  TEST_CAPTCHA_ANSWER: test only, refused when NODE_ENV=production',
    );
  }
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'invalid configuration in the environment:\n  WORKERS: more than one server process needs DATABASE_URL (the embedded database belongs to one process)',
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    workers: e.WORKERS,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE, slowQueryMs: e.SLOW_QUERY_MS }
      : {
          kind: 'pglite',
          dataDir: path.resolve(e.DATA_DIR),
          sharedBuffers: e.PGLITE_SHARED_BUFFERS,
          thread: e.PGLITE_THREAD === 'true',
          slowQueryMs: e.SLOW_QUERY_MS,
        },
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    configCacheMs: e.CONFIG_CACHE_SECONDS * 1000,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    auth: {
      sessionSecret: e.SESSION_SECRET,
      sessionHours: e.SESSION_HOURS,
      passwordCipherKey: e.PASSWORD_CIPHER_KEY,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      exposeCaptchaAnswer: e.TEST_CAPTCHA_ANSWER === '1',
      loginsPerMinutePerIp: e.LOGINS_PER_MINUTE_PER_IP,
      captchasPerMinutePerIp: e.CAPTCHAS_PER_MINUTE_PER_IP,
      recoveryPerMinutePerIp: e.RECOVERY_PER_MINUTE_PER_IP,
    },
    catalogueImport: {
      dir: path.resolve(e.DATA_DIR, 'imports'),
      maxBytes: e.CATALOGUE_IMPORT_MAX_MB * 2 ** 20,
    },
    reminders: {
      schedule: e.REMINDERS_SCHEDULE === 'on',
      hour: Number(e.REMINDERS_AT.split(':')[0]),
      minute: Number(e.REMINDERS_AT.split(':')[1]),
      timeZone: e.REMINDERS_TIME_ZONE,
    },
  };
}

function parseTrustProxy(v: string): boolean | string {
  if (v === 'true') return true;
  if (v === 'false') return false;
  return v; // addresses or CIDR ranges, comma separated
}

/** Whether the web app has been built. */
export function hasWebBuild(config: AppConfig): boolean {
  return existsSync(path.join(config.webDist, 'index.html'));
}
