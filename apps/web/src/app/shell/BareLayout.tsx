import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { FullPageSpin } from '../../components/FullPageSpin';

/** Screens shown without the shell (login and binding, spec §2). */
export function BareLayout() {
  const { pathname } = useLocation();
  return (
    <main id="main" tabIndex={-1} className="of-main of-main--bare">
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<FullPageSpin inline />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </main>
  );
}
