/**
 * The reader's session in this tab (spec §3 "Session data", §4 "Login state"). Session storage
 * holds jwt, jwtHeader, userInfo and loginType (lib/session.ts SessionKey); the server also sets
 * the HttpOnly `jwt` cookie. Everything here is also exported from features/auth/index.ts.
 *
 * - applyLoginResult(result)       keep a login answer's jwt, jwtHeader and loginType (1 normal,
 *                                  2 passport, 4 unified); then loadUserInfo() (completeLogin in
 *                                  login-flow.ts does both plus the after-login rules).
 * - loadUserInfo()                 GET /oga/userinfo and keep it; setUserInfo(info) to replace it.
 * - getSession() / useSession()    { isLoggedIn, userInfo, loginType } now / as a React hook that
 *                                  re-renders on login, logout and 401.
 * - logout()                       POST /oga/logout, forget the session; goes to the unified-auth
 *                                  logout URL when the server names one (resolves true then).
 * - endLocalSession()              forget the session without asking the server (401, inactivity).
 * - saveNextPath / readNextPath    where a login returns to (default /home).
 * - isBindRequired / clearBindRequired  bindMailOrPhone: after login a reader with neither e-mail
 *                                  nor phone verified is held on /forceBinding (token kept, so that
 *                                  screen can bind); it calls clearBindRequired() + loadUserInfo().
 * - storePendingPasswordChange / readPendingPasswordChange / clearPendingPasswordChange
 *                                  the data:false / data:10000 login answers: account, message and
 *                                  (in memory only, lost on reload) the password, for /modifyPassword.
 */
import { useSyncExternalStore } from 'react';
import type { LoginResult, UserInfo } from '@openfind/contract';
import { readStorage, writeStorage } from '../../lib/storage';
import { SESSION_CHANGED_EVENT, SessionKey, clearSession, readSessionToken } from '../../lib/session';
import { fetchUserInfo, postLogout } from './auth-api';

/** What the app knows of the session. */
export type SessionSnapshot = {
  isLoggedIn: boolean;
  userInfo: UserInfo | null;
  /** 1 normal, 2 passport, 4 unified authentication; null when logged out. */
  loginType: number | null;
};

const NEXT_PATH_KEY = 'nextPath';
const PENDING_CHANGE_KEY = 'pendingPasswordChange';
const BIND_REQUIRED_KEY = 'bindRequired';
/** Where a login goes when nothing else was saved (spec §2). */
export const DEFAULT_NEXT_PATH = '/home';

const listeners = new Set<() => void>();
let cached: { key: string; snapshot: SessionSnapshot } | null = null;

function parseUserInfo(raw: string | null): UserInfo | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserInfo;
  } catch {
    return null;
  }
}

/** The session as stored now (the same object while nothing changed, as useSyncExternalStore needs). */
export function getSession(): SessionSnapshot {
  const jwt = readStorage('session', SessionKey.jwt) ?? '';
  const info = readStorage('session', SessionKey.userInfo) ?? '';
  const type = readStorage('session', SessionKey.loginType) ?? '';
  const key = `${jwt}\u0000${info}\u0000${type}`;
  if (cached?.key !== key) {
    const loginType = Number(type);
    cached = {
      key,
      snapshot: {
        isLoggedIn: Boolean(jwt),
        userInfo: jwt ? parseUserInfo(info) : null,
        loginType: jwt && loginType ? loginType : null,
      },
    };
  }
  return cached.snapshot;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the session changes; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener(SESSION_CHANGED_EVENT, notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener(SESSION_CHANGED_EVENT, notify);
  };
}

/** The session as a React hook. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Keeps a login answer's token (spec §4: session storage; the server set the cookie). */
export function applyLoginResult(result: Pick<LoginResult, 'jwt' | 'jwtHeader'> & { loginType?: number }): void {
  writeStorage('session', SessionKey.jwt, result.jwt);
  writeStorage('session', SessionKey.jwtHeader, result.jwtHeader);
  writeStorage('session', SessionKey.loginType, String(result.loginType ?? 1));
  writeStorage('session', SessionKey.userInfo, null);
  notify();
}

/** Replaces the stored reader (null forgets it but keeps the token). */
export function setUserInfo(info: UserInfo | null): void {
  writeStorage('session', SessionKey.userInfo, info ? JSON.stringify(info) : null);
  if (info) writeStorage('session', SessionKey.loginType, String(info.loginType));
  notify();
}

/** Loads the logged-in reader with the stored token and keeps it. Rejects when the token is refused. */
export async function loadUserInfo(): Promise<UserInfo> {
  const info = await fetchUserInfo();
  if (readSessionToken()) setUserInfo(info);
  return info;
}

/** Forgets the session in this tab without asking the server. */
export function endLocalSession(): void {
  writeStorage('session', BIND_REQUIRED_KEY, null);
  clearSession();
  notify();
}

/** Adds `service` (back to the app) to a CAS logout address that has none. */
export function withReturnService(logoutUrl: string, returnUrl: string): string {
  if (/[?&]service=/.test(logoutUrl)) return logoutUrl;
  return `${logoutUrl}${logoutUrl.includes('?') ? '&' : '?'}service=${encodeURIComponent(returnUrl)}`;
}

/**
 * Where a unified-auth logout comes back to: the page it left, or home when that was a personal page
 * (spec §4), below the same institution's path.
 */
export function logoutReturnUrl(href: string): string {
  const url = new URL(href);
  const home = url.pathname.replace(/\/(personalCenter|personalExternal|customTabs)(\/.*)?$/, '/Home');
  if (home === url.pathname) return href;
  return `${url.origin}${home}`;
}

/**
 * Logs out: the session is forgotten here first, then the server revokes its token (a failure there
 * still logs out here), and a unified-auth session goes on to the CAS logout. Forgetting it first
 * means a call still in flight that the revocation answers with 401 meets a session already left,
 * and is not taken for an expired login. Resolves true when the page is leaving for that address.
 */
export async function logout(returnUrl: string = logoutReturnUrl(window.location.href)): Promise<boolean> {
  const token = readSessionToken();
  endLocalSession();
  const answer = await postLogout(token).catch(() => ({ logoutUrl: '' }));
  if (!answer.logoutUrl) return false;
  window.location.assign(withReturnService(answer.logoutUrl, returnUrl));
  return true;
}

/** Remembers where the login should go back to (an in-app path). */
export function saveNextPath(path: string): void {
  writeStorage('session', NEXT_PATH_KEY, path);
}

/** Where the login goes back to; a saved /resetPassword becomes home (spec §4). */
export function readNextPath(): string {
  const path = readStorage('session', NEXT_PATH_KEY);
  if (!path || !path.startsWith('/') || path.startsWith('//')) return DEFAULT_NEXT_PATH;
  if (/^\/(resetPassword|login)\b/i.test(path)) return '/Home';
  return path;
}

/** A password change demanded by the login answer (data:false or data:10000). */
export type PendingPasswordChange = { username: string; password: string; message: string; isTooOld: boolean };

let pendingPassword = '';

/** Keeps the account and message for /modifyPassword; the password stays in memory only. */
export function storePendingPasswordChange(change: PendingPasswordChange): void {
  pendingPassword = change.password;
  const { password: _password, ...rest } = change;
  writeStorage('session', PENDING_CHANGE_KEY, JSON.stringify(rest));
}

/** The pending change, or null; `password` is '' after a reload (ask for it again then). */
export function readPendingPasswordChange(): PendingPasswordChange | null {
  const raw = readStorage('session', PENDING_CHANGE_KEY);
  if (!raw) return null;
  try {
    const rest = JSON.parse(raw) as Omit<PendingPasswordChange, 'password'>;
    return { ...rest, password: pendingPassword };
  } catch {
    return null;
  }
}

/** Forgets the pending change (after the password was changed). */
export function clearPendingPasswordChange(): void {
  pendingPassword = '';
  writeStorage('session', PENDING_CHANGE_KEY, null);
}

/** Marks that the reader must bind an e-mail or phone before anything else (bindMailOrPhone). */
export function markBindRequired(): void {
  writeStorage('session', BIND_REQUIRED_KEY, '1');
  notify();
}

/** Whether the reader must still bind an e-mail or phone (every screen but /forceBinding leads there). */
export function isBindRequired(): boolean {
  return readStorage('session', BIND_REQUIRED_KEY) === '1';
}

/** Ends the forced binding: /forceBinding calls this once a contact is verified (then loadUserInfo()). */
export function clearBindRequired(): void {
  writeStorage('session', BIND_REQUIRED_KEY, null);
  notify();
}
