import type { AuthEnv } from '../../config.js';

/** Account and session settings: the environment's (config.ts) plus limits tests may tighten or relax. */
export interface AuthSettings extends AuthEnv {
  /** Seconds an image code stays valid. */
  captchaSeconds: number;
  /** Consecutive failed logins of one account name before it is locked. */
  lockAfterFailures: number;
  /** Seconds of the first lock; each further round of failures doubles it (at most a day). */
  lockSeconds: number;
  /** Codes a reader may be sent per day and channel (recovery), and binding changes per day. */
  codesPerDay: number;
  bindChangesPerDay: number;
  /** Minutes a phone or e-mail code stays valid, and a recovery ticket. */
  codeMinutes: number;
  recoveryMinutes: number;
}

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  sessionHours: 24,
  mailFrom: 'OpenFind <no-reply@localhost>',
  exposeCaptchaAnswer: false,
  captchaSeconds: 300,
  lockAfterFailures: 5,
  lockSeconds: 15 * 60,
  loginsPerMinutePerIp: 30,
  captchasPerMinutePerIp: 60,
  recoveryPerMinutePerIp: 30,
  codesPerDay: 5,
  bindChangesPerDay: 3,
  codeMinutes: 10,
  recoveryMinutes: 15,
};
