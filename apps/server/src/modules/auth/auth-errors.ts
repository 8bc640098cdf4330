import { AuthErrCode, ErrCode, type PasswordRule } from '@openfind/contract';
import { AppError } from '../../http/errors.js';
import type { MessageKey } from '../../http/messages.js';

/** The failures of the account calls. */
export const AuthErrors = {
  loginRequired: () => new AppError('loginRequired', AuthErrCode.loginRequired, {}, 401),
  sessionExpired: () => new AppError('sessionExpired', AuthErrCode.loginRequired, {}, 401),
  tooManyRequests: () => new AppError('tooManyRequests', ErrCode.tooManyRequests, {}, 429),
  badCredentials: () => new AppError('badCredentials', AuthErrCode.badCredentials),
  captchaWrong: () => new AppError('captchaWrong', AuthErrCode.captchaWrong),
  accountLocked: (seconds: number) =>
    new AppError('accountLocked', AuthErrCode.accountLocked, { minutes: Math.max(1, Math.ceil(seconds / 60)) }),
  passwordRule: (rule: PasswordRule) =>
    new AppError(rule === '1' ? 'passwordRule1' : 'passwordRule2', AuthErrCode.passwordRule),
  passwordEqualsAccount: () => new AppError('passwordEqualsAccount', AuthErrCode.passwordEqualsAccount),
  passwordUnchanged: () => new AppError('passwordUnchanged', AuthErrCode.passwordUnchanged),
  confirmMismatch: () => new AppError('confirmMismatch', AuthErrCode.confirmMismatch),
  codeWrong: () => new AppError('codeWrong', AuthErrCode.codeWrong),
  dailyLimit: () => new AppError('dailyLimit', AuthErrCode.dailyLimit),
  noVerifiedContact: () => new AppError('noVerifiedContact', AuthErrCode.noVerifiedContact),
  recoveryExpired: () => new AppError('recoveryExpired', AuthErrCode.recoveryExpired),
  phoneInvalid: () => new AppError('phoneInvalid', AuthErrCode.contactInvalid),
  emailInvalid: () => new AppError('emailInvalid', AuthErrCode.contactInvalid),
  bindTicketInvalid: () => new AppError('bindTicketInvalid', AuthErrCode.bindTicketInvalid),
  relevanceFailed: () => new AppError('relevanceFailed', AuthErrCode.badCredentials),
  wechatFailed: () => new AppError('wechatFailed', AuthErrCode.bindTicketInvalid),
  libraryNotAllowed: () => new AppError('libraryNotAllowed', AuthErrCode.libraryNotAllowed),
  staffOnly: () => new AppError('staffOnly', AuthErrCode.staffOnly, {}, 403),
  crossSiteRefused: () => new AppError('crossSiteRefused', AuthErrCode.crossSiteRefused, {}, 403),
  passwordRequired: () => new AppError('passwordRequired', AuthErrCode.passwordRequired),
  passwordRequiredSso: () => new AppError('passwordRequiredSso', AuthErrCode.passwordRequired),
  currentPasswordWrong: () => new AppError('currentPasswordWrong', AuthErrCode.badCredentials),
  /** A frozen account or a lost card, with the message that names the refused action. */
  readerFrozen: (key: MessageKey) => new AppError(key, AuthErrCode.readerFrozen),
  readerLost: (key: MessageKey) => new AppError(key, AuthErrCode.readerLost),
};
