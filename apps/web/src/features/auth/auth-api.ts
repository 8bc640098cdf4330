import * as Calls from '@openfind/contract/calls';
/**
 * The account and session calls of the web app (spec §7 "Auth and config"), through the one HTTP
 * client. Login-related calls are silent: the screens word their failures themselves.
 *
 * - postLogin(body)                   POST /oga/login → LoginAnswer (a session, or 'mustChange' / 'passwordTooOld')
 * - postSsoBind(body)                 POST /oga/ssoOpac (login that binds a single-sign-on uid) → LoginAnswer
 * - fetchUserInfo()                   GET  /oga/userinfo → the logged-in reader
 * - postLogout()                      POST /oga/logout → { logoutUrl } ('' = stay in the app)
 * - postLoginExternal(jwt, jwtHeader) POST /oga/loginExternal → a session for a trusted outside token
 * - postOtherLogin(code)              POST /oga/otherLogin → WeChat callback: session or openId to bind
 * - fetchMailPhoneStatus()            GET  mail/phone verified flags
 * - fetchFirstLoginFlag(), markFirstLoginFlag()  the guided tour's flag ('0' = not shown yet)
 */
import type { AuthCalls, LoginRequest, LoginResult, OutputOf, UserInfo } from '@openfind/contract';
import { api } from '../../lib/api-client';
import { ApiError } from '../../lib/http';
import type { SessionToken } from '../../lib/http';

/**
 * The contract's LOGIN_PASSWORD_TOO_OLD (data:10000). Not imported: its module builds zod schemas
 * at load, which would put zod into the first page's JavaScript.
 */
const PASSWORD_TOO_OLD = 10000;

/** What a password login answered: a session, or the demand to change the password first (spec §4). */
export type LoginAnswer =
  | { kind: 'session'; result: LoginResult }
  | { kind: 'mustChange'; message: string }
  | { kind: 'passwordTooOld'; message: string };

/** A login request as the screens fill it (mappingPath, nextpath and uid optional). */
export type LoginInput = Pick<LoginRequest, 'username' | 'password' | 'verifyCode' | 'codeKey'> &
  Partial<Pick<LoginRequest, 'mappingPath' | 'nextpath' | 'uid'>>;

/** Reads a login call's answer; the `data:false` / `data:10000` envelopes (errCode 200) are not failures. */
async function loginAnswerOf(call: Promise<OutputOf<typeof AuthCalls.login>>): Promise<LoginAnswer> {
  let data;
  try {
    data = await call;
  } catch (error) {
    const envelope = error instanceof ApiError ? error.envelope : null;
    if (envelope && envelope.errCode === 200) {
      if (envelope.data === false) return { kind: 'mustChange', message: envelope.message };
      if (envelope.data === PASSWORD_TOO_OLD) return { kind: 'passwordTooOld', message: envelope.message };
    }
    throw error;
  }
  // false and 10000 come in failed envelopes (above); a success carries the session.
  if (typeof data !== 'object') throw new ApiError('parse', '');
  return { kind: 'session', result: data };
}

/** POST /oga/login. Rejects with an ApiError for a wrong code, password, lockout or throttling. */
export function postLogin(body: LoginInput): Promise<LoginAnswer> {
  return loginAnswerOf(api.call(Calls.login, body, { silent: true }));
}

/** POST /oga/ssoOpac: a password login that binds the single-sign-on identity of `uid`. */
export function postSsoBind(body: LoginInput & { uid: string }): Promise<LoginAnswer> {
  return loginAnswerOf(api.call(Calls.ssoOpac, body, { silent: true }));
}

/** GET /oga/userinfo with the stored token. */
export function fetchUserInfo(): Promise<UserInfo> {
  return api.call(Calls.userInfo, {}, { silent: true });
}

/** POST /oga/logout: the server forgets the token and the cookie; logoutUrl is the unified-auth logout. */
export function postLogout(token?: SessionToken | null): Promise<OutputOf<typeof AuthCalls.logout>> {
  return api.call(Calls.logout, undefined, { silent: true, token });
}

/** POST /oga/loginExternal: a trusted outside system's token for a session (/loginExternal/{jwt}/{jwtHeader}). */
export function postLoginExternal(jwt: string, jwtHeader: string): Promise<LoginResult> {
  return api.call(Calls.loginExternal, { jwt, jwtHeader }, { silent: true });
}

/** The WeChat code callback: a session when the WeChat account is bound, else the openId ticket to bind. */
export type OtherLoginResult = OutputOf<typeof AuthCalls.otherLogin>;

/** POST /oga/otherLogin with the WeChat code (loginType 1). */
export function postOtherLogin(code: string, mappingPath: string): Promise<OtherLoginResult> {
  return api.call(Calls.otherLogin, { code, loginType: '1', mappingPath }, { silent: true });
}

/** Whether the reader's e-mail and phone are verified ('1'). */
export function fetchMailPhoneStatus(): Promise<OutputOf<typeof AuthCalls.mailPhoneStatus>> {
  return api.call(Calls.mailPhoneStatus, undefined, { silent: true });
}

/** '0' while the guided tour has not been shown to the reader. */
export function fetchFirstLoginFlag(): Promise<OutputOf<typeof AuthCalls.getFirstLoginFlag>> {
  return api.call(Calls.getFirstLoginFlag, undefined, { silent: true });
}

/** Marks the guided tour as shown (spec §8: fails silently). */
export function markFirstLoginFlag(): Promise<OutputOf<typeof AuthCalls.updateFirstLoginFlag>> {
  return api.call(Calls.updateFirstLoginFlag, undefined, { silent: true });
}

/** The address that starts unified authentication (CAS), returning to a record when recordId is given. */
export function casLoginUrl(mappingPath: string, recordId?: string): string {
  const params = new URLSearchParams({ mappingPath });
  if (recordId) params.set('recordId', recordId);
  const prefix = (import.meta.env.VITE_API_PREFIX ?? '').replace(/\/+$/, '');
  return `${prefix}${Calls.casLogin.path}?${params.toString()}`;
}
