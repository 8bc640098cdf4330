import { DEFAULT_JWT_HEADER } from '@openfind/contract';
import type { SessionToken } from './http';
import { readStorage, writeStorage } from './storage';

/** Session-storage keys of spec §3 "Session data". */
export const SessionKey = {
  jwt: 'jwt',
  jwtHeader: 'jwtHeader',
  userInfo: 'userInfo',
  loginType: 'loginType',
  groupCode: 'groupCode',
  mappingPath: 'mappingPath',
} as const;

/** The stored session token, if a reader is logged in. */
export function readSessionToken(): SessionToken | null {
  const value = readStorage('session', SessionKey.jwt);
  if (!value) return null;
  return { header: readStorage('session', SessionKey.jwtHeader) || DEFAULT_JWT_HEADER, value };
}

/** Forgets the login: token, its header name, user info, login type and the jwt cookie. */
export function clearSession(): void {
  for (const key of [SessionKey.jwt, SessionKey.jwtHeader, SessionKey.userInfo, SessionKey.loginType]) {
    writeStorage('session', key, null);
  }
  try {
    document.cookie = 'jwt=; Max-Age=0; path=/';
  } catch {
    // No document (tests) or cookies disabled.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

/** The group code remembered for this tenant in this tab, if any. */
export function readStoredGroupCode(mappingPath: string): string {
  if (readStorage('session', SessionKey.mappingPath) !== mappingPath) return '';
  return readStorage('session', SessionKey.groupCode) ?? '';
}

/** Remembers the tenant's group code for this tab. */
export function storeGroupCode(mappingPath: string, groupCode: string): void {
  writeStorage('session', SessionKey.mappingPath, mappingPath);
  writeStorage('session', SessionKey.groupCode, groupCode);
}

/** Dispatched on window when the session is cleared, so that views of it update (features/auth). */
export const SESSION_CHANGED_EVENT = 'openfind:session-changed';

/** Dispatched on window after the session-expired dialog is acknowledged: the login should open. */
export const LOGIN_REQUIRED_EVENT = 'openfind:login-required';
