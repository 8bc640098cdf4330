import { StaffErrCode } from '@openfind/contract';
import { AppError } from '../../http/errors.js';

/** The failures of staff logins and of the staff calls' access. */
export const StaffErrors = {
  /** No staff session (HTTP 401). */
  loginRequired: () => new AppError('staffLoginRequired', StaffErrCode.loginRequired, {}, 401),
  /** A staff token that is expired, revoked, or not one (HTTP 401). */
  sessionExpired: () => new AppError('staffSessionExpired', StaffErrCode.loginRequired, {}, 401),
  accountDisabled: () => new AppError('staffDisabled', StaffErrCode.accountDisabled),
  otherInstitution: () => new AppError('staffOtherInstitution', StaffErrCode.otherInstitution, {}, 403),
  roleTooLow: () => new AppError('staffRoleTooLow', StaffErrCode.roleTooLow, {}, 403),
  secondFactorRequired: () => new AppError('staffSecondFactor', StaffErrCode.secondFactorRequired),
  secondFactorWrong: () => new AppError('staffSecondFactorWrong', StaffErrCode.secondFactorWrong),
  secondFactorSetupRequired: () =>
    new AppError('staffSecondFactorSetupRequired', StaffErrCode.secondFactorSetupRequired, {}, 403),
  secondFactorNotPending: () => new AppError('staffSecondFactorNotPending', StaffErrCode.secondFactorNotPending),
  secondFactorCannotDisable: () =>
    new AppError('staffSecondFactorCannotDisable', StaffErrCode.secondFactorCannotDisable),
  noSuchStaff: () => new AppError('staffNoSuchAccount', StaffErrCode.noSuchStaff),
  usernameTaken: (username: string) => new AppError('staffUsernameTaken', StaffErrCode.usernameTaken, { username }),
  usernameInvalid: () => new AppError('staffUsernameInvalid', StaffErrCode.usernameInvalid),
  passwordRule: () => new AppError('staffPasswordRule', StaffErrCode.passwordRule),
  unknownLibrary: (codes: string) => new AppError('staffUnknownLibrary', StaffErrCode.unknownLibrary, { codes }),
  lastAdministrator: () => new AppError('staffLastAdministrator', StaffErrCode.lastAdministrator),
  wrongPassword: () => new AppError('staffWrongPassword', StaffErrCode.wrongPassword),
};
