import type { LoginResult, SiteConfig, UserInfo } from '@openfind/contract';
import { fetchMailPhoneStatus } from './auth-api';
import { applyLoginResult, clearBindRequired, loadUserInfo, markBindRequired } from './session-store';
import { startTour } from './tour-state';

/** Spec §4 / §9: the move to /modifyPassword after the 'password too old' answer waits 3 s. */
export const PASSWORD_EXPIRY_REDIRECT_MS = 3_000;

/** Where a new session goes first. */
export type AfterLogin = { kind: 'continue'; userInfo: UserInfo } | { kind: 'forceBinding' };

/**
 * Keeps a new session and applies the after-login rules of spec §4: the reader is loaded; with
 * bindMailOrPhone on and neither e-mail nor phone verified the reader must bind one first
 * (/forceBinding, which keeps the token to make its calls); a first-time reader gets the tour.
 */
export async function completeLogin(
  result: Pick<LoginResult, 'jwt' | 'jwtHeader'> & { loginType?: number },
  config: Pick<SiteConfig, 'bindMailOrPhone'>,
  currentPath: string,
): Promise<AfterLogin> {
  applyLoginResult(result);
  const userInfo = await loadUserInfo();
  if (config.bindMailOrPhone === '1') {
    const status = await fetchMailPhoneStatus().catch(() => null);
    const isVerified = status
      ? status.emailFlag === '1' || status.phoneFlag === '1'
      : userInfo.emailCheckFlag === '1' || userInfo.mobileCheckFlag === '1';
    if (!isVerified) {
      markBindRequired();
      return { kind: 'forceBinding' };
    }
  }
  clearBindRequired();
  if (userInfo.firstLoginFlag === '0') startTour(currentPath);
  return { kind: 'continue', userInfo };
}
