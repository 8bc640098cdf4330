import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyAntd } from '../../../lib/antd';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useConfig } from '../../site-config';
import { storeLibCode } from '../../library';
import { useTenant } from '../../tenant';
import { readSessionToken } from '../../../lib/session';
import { readStorage, writeStorage } from '../../../lib/storage';
import { postLogout, postOtherLogin } from '../auth-api';
import { entryDestination, parseEntryLink } from '../hash-entry';
import type { EntryLink } from '../hash-entry';
import { ACTIVITY_EVENTS, inactivityLimitTicks, startInactivityTimer } from '../inactivity';
import { completeLogin } from '../login-flow';
import { PERSONAL_PATHS } from '../login-methods';
import {
  endLocalSession,
  getSession,
  isBindRequired,
  loadUserInfo,
  logout,
  setUserInfo,
  useSession,
} from '../session-store';
import { useTourStep } from '../tour-state';
import { LoginDialogHost } from './LoginDialogHost';

// Dialogs load when first needed, not with the page.
const GuidedTour = lazyAntd(() => import('./GuidedTour'));
const InactivityDialog = lazyAntd(() => import('./InactivityDialog'));

/** localStorage mark of a tab that was left while logged in (see useLogoutOnClose). */
const CLOSED_WITH_SESSION_KEY = 'openfind:closedWithSession';
/** Screens a reader held on /forceBinding may still see. */
const WHILE_BINDING = /^\/(forceBinding|privacy|oldPrivacy)$/;

/**
 * Spec §4: closing the window (not a refresh) logs out. Session storage survives a refresh but not
 * a close, so a tab leaving with a session leaves a mark; a later page load that finds the mark but
 * no session in its tab ends that session at the server (the cookie still names it).
 */
function useLogoutOnClose(): void {
  useEffect(() => {
    if (readStorage('local', CLOSED_WITH_SESSION_KEY)) {
      writeStorage('local', CLOSED_WITH_SESSION_KEY, null);
      if (!readSessionToken()) void postLogout().catch(() => undefined);
    }
    const onHide = () => {
      if (readSessionToken()) writeStorage('local', CLOSED_WITH_SESSION_KEY, '1');
    };
    const onShow = () => writeStorage('local', CLOSED_WITH_SESSION_KEY, null);
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
    };
  }, []);
}

/**
 * Spec §4 "Inactivity timer": with primaryIdProtect on, a logged-in reader idle for
 * primaryIdProtectTime minutes loses the user info and is told so; OK logs out.
 */
function useInactivityExpiry(isLoggedIn: boolean): { isExpired: boolean; acknowledge: () => void } {
  const { primaryIdProtect, primaryIdProtectTime } = useConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [isExpired, setExpired] = useState(false);
  const pathRef = useRef(pathname);
  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);
  useEffect(() => {
    if (!isLoggedIn || primaryIdProtect !== '1') return undefined;
    const timer = startInactivityTimer(inactivityLimitTicks(primaryIdProtectTime), () => {
      setUserInfo(null);
      setExpired(true);
    });
    const onActivity = () => timer.activity();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      timer.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [isLoggedIn, primaryIdProtect, primaryIdProtectTime]);
  const acknowledge = () => {
    setExpired(false);
    void logout().then((isLeaving) => {
      if (!isLeaving && PERSONAL_PATHS.test(pathRef.current)) void navigate('/Home');
    });
  };
  return { isExpired, acknowledge };
}

/** Spec §4 "Entry by URL hash": token login, pageType destinations, bind tickets, library choice, WeChat code. */
function useEntryLink(): void {
  const config = useConfig();
  const tenant = useTenant();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Read while rendering, before the root route's redirect to /Home drops the hash.
  const [entry] = useState<EntryLink | null>(() =>
    parseEntryLink(window.location.hash, window.location.search, window.location.pathname),
  );
  const isDone = useRef(false);
  useEffect(() => {
    if (!entry || isDone.current) return;
    isDone.current = true;
    const go = (to: { path: string; state?: unknown }) => void navigate(to.path, { replace: true, state: to.state });
    if (entry.libCode) {
      storeLibCode(entry.libCode);
      window.location.replace(`${window.location.pathname}`);
      return;
    }
    const destination = entryDestination(entry);
    const signIn = async (jwt: string, jwtHeader: string, tourReturn = destination.path) => {
      const after = await completeLogin({ jwt, jwtHeader: jwtHeader || config.jwtHeader }, config, tourReturn);
      void queryClient.invalidateQueries();
      return after;
    };
    void (async () => {
      try {
        if (entry.code && config.weixinLogin === '1') {
          const answer = await postOtherLogin(entry.code, tenant.mappingPath);
          if (!answer.bindFlag || !answer.jwt)
            return go({ path: '/bindAccount', state: { openId: answer.openId ?? '' } });
          const after = await signIn(answer.jwt, answer.jwtHeader ?? '', '/Home');
          return go({ path: after.kind === 'forceBinding' ? '/forceBinding' : '/Home' });
        }
        if (entry.jwt) {
          const after = await signIn(entry.jwt, entry.jwtHeader);
          if (after.kind === 'forceBinding') return go({ path: '/forceBinding' });
        }
        go(destination);
      } catch {
        endLocalSession();
        go({ path: entry.code ? '/login?ssoError=wechat' : '/Home' });
      }
    })();
  }, [entry, config, tenant.mappingPath, navigate, queryClient]);
}

/**
 * The session's page-wide behaviour, mounted once inside the router: entry links, the login dialog,
 * the user info of a restored session, logout on window close, the inactivity timer, the forced
 * binding of e-mail or phone, and the guided tour.
 */
export function SessionEffects() {
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEntryLink();
  useLogoutOnClose();
  const inactivity = useInactivityExpiry(session.isLoggedIn);
  const tourStep = useTourStep();

  // A session restored from session storage (a reload, a new page load) is checked and its reader
  // refreshed: a token ended elsewhere answers 401, which the global handler reports.
  useEffect(() => {
    if (getSession().isLoggedIn) void loadUserInfo().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (session.isLoggedIn && isBindRequired() && !WHILE_BINDING.test(pathname)) {
      void navigate('/forceBinding', { replace: true });
    }
  }, [session.isLoggedIn, pathname, navigate]);

  return (
    <>
      <LoginDialogHost />
      <Suspense fallback={null}>
        {inactivity.isExpired ? <InactivityDialog onOk={inactivity.acknowledge} /> : null}
        {tourStep && session.isLoggedIn && !inactivity.isExpired && !isBindRequired() ? <GuidedTour /> : null}
      </Suspense>
    </>
  );
}
