import { Suspense, useCallback, useEffect, useState } from 'react';
import { lazyAntd } from '../../../lib/antd';
import { useLocation } from 'react-router';
import { useConfig } from '../../site-config';
import { useTenant } from '../../tenant';
import { LOGIN_REQUIRED_EVENT } from '../../../lib/session';
import { OPEN_LOGIN_EVENT } from '../login-events';
import type { OpenLoginOptions } from '../login-events';
import { loginEntry, methodUrl, recordIdOfPath } from '../login-methods';
import type { LoginMethod } from '../login-methods';

/** The dialog and its form load with the first opening, not with the page. */
const LoginDialog = lazyAntd(() => import('./LoginDialog'));

/** One opening of the dialog (a new one remounts it at its first step). */
export type LoginRequest = OpenLoginOptions & { id: number };

/** Leaves for an outside login method; unified authentication returns to the record being viewed. */
export function useLeaveFor() {
  const config = useConfig();
  const tenant = useTenant();
  const { pathname } = useLocation();
  return useCallback(
    (method: Exclude<LoginMethod, 'normal'>) => {
      const recordId = config.loginCasWithOriginalPage === '1' ? recordIdOfPath(pathname) : undefined;
      window.location.assign(methodUrl(method, config, tenant.mappingPath, recordId));
    },
    [config, pathname, tenant.mappingPath],
  );
}

/**
 * Opens the login when asked (openLogin(), the session-expired dialog's LOGIN_REQUIRED_EVENT):
 * straight to the one outside method when it is the only one (spec §4), else the dialog.
 */
export function LoginDialogHost() {
  const config = useConfig();
  const leaveFor = useLeaveFor();
  const [request, setRequest] = useState<LoginRequest | null>(null);
  const open = useCallback(
    (options: OpenLoginOptions = {}) => {
      const entry = loginEntry(config);
      if (entry.kind === 'redirect' && entry.method !== 'normal') return leaveFor(entry.method);
      setRequest((previous) => ({ ...options, id: (previous?.id ?? 0) + 1 }));
    },
    [config, leaveFor],
  );
  useEffect(() => {
    const onOpen = (event: Event) => open((event as CustomEvent<OpenLoginOptions>).detail);
    const onRequired = () => open();
    window.addEventListener(OPEN_LOGIN_EVENT, onOpen);
    window.addEventListener(LOGIN_REQUIRED_EVENT, onRequired);
    return () => {
      window.removeEventListener(OPEN_LOGIN_EVENT, onOpen);
      window.removeEventListener(LOGIN_REQUIRED_EVENT, onRequired);
    };
  }, [open]);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog key={request.id} request={request} onClose={() => setRequest(null)} />
    </Suspense>
  );
}
