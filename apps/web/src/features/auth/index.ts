export {
  applyLoginResult,
  clearPendingPasswordChange,
  DEFAULT_NEXT_PATH,
  endLocalSession,
  clearBindRequired,
  getSession,
  isBindRequired,
  loadUserInfo,
  logout,
  readNextPath,
  readPendingPasswordChange,
  saveNextPath,
  setUserInfo,
  storePendingPasswordChange,
  subscribeSession,
  useSession,
} from './session-store';
export type { PendingPasswordChange, SessionSnapshot } from './session-store';
export { casLoginUrl, fetchMailPhoneStatus, fetchUserInfo, postLogin, postLogout, postSsoBind } from './auth-api';
export type { LoginAnswer, LoginInput } from './auth-api';
export { openLogin, OPEN_LOGIN_EVENT } from './login-events';
export type { OpenLoginOptions } from './login-events';
export { completeLogin, PASSWORD_EXPIRY_REDIRECT_MS } from './login-flow';
export type { AfterLogin } from './login-flow';
export { HeaderAccount } from './components/HeaderAccount';
export { SessionEffects } from './components/SessionEffects';
