import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createDelivery, type Delivery } from '../delivery/delivery.js';
import type { DictionaryService } from '../dictionaries/dictionary-service.js';
import { AccountService } from './account-service.js';
import { AuthService } from './auth-service.js';
import { DEFAULT_AUTH_SETTINGS, type AuthSettings } from './auth-settings.js';
import { CaptchaService } from './captcha.js';
import { rateLimiterFactory, type RateLimiterFactory } from './rate-limiter.js';
import { SessionService } from './sessions.js';
import { SsoService } from './sso-service.js';

export interface AuthServices {
  auth: AuthService;
  accounts: AccountService;
  captcha: CaptchaService;
  sso: SsoService;
  delivery: Delivery;
  authSettings: AuthSettings;
}

/** The account and session services over `db`, with the settings given over the defaults. */
export function createAuthServices(
  db: Kysely<Database>,
  dictionaries: DictionaryService,
  given: Partial<AuthSettings> = {},
  limiter: RateLimiterFactory = rateLimiterFactory(),
): AuthServices {
  const settings: AuthSettings = { ...DEFAULT_AUTH_SETTINGS, ...given };
  const captcha = new CaptchaService(
    db,
    {
      seconds: settings.captchaSeconds,
      exposeAnswer: settings.exposeCaptchaAnswer,
    },
    limiter('captcha-ip', settings.captchasPerMinutePerIp),
  );
  const sessions = new SessionService(db, { secret: settings.sessionSecret, hours: settings.sessionHours });
  const delivery = createDelivery(db, { smtpUrl: settings.smtpUrl, mailFrom: settings.mailFrom });
  const auth = new AuthService(db, settings, captcha, sessions, limiter('login-ip', settings.loginsPerMinutePerIp));
  const accounts = new AccountService(
    db,
    settings,
    { captcha, auth, delivery, dictionaries },
    limiter('recovery-ip', settings.recoveryPerMinutePerIp),
  );
  return { auth, accounts, captcha, sso: new SsoService(db, sessions, auth), delivery, authSettings: settings };
}
