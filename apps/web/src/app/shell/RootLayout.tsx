import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SessionEffects } from '../../features/auth';
import { SiteEffects } from '../../features/site-config';
import { useTenant } from '../../features/tenant';

/** After an in-app navigation: back to the top, focus on the main content (so screen readers start there). */
function useResetOnNavigate(): void {
  const { pathname } = useLocation();
  const isFirst = useRef(true);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The root route: page-wide effects of the tenant's configuration and of the reader's session. */
export function RootLayout() {
  const tenant = useTenant();
  useResetOnNavigate();
  return (
    <>
      <SiteEffects siteName={tenant.group.name} />
      <Outlet />
      <SessionEffects />
    </>
  );
}
