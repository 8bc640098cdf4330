import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { FullPageSpin } from '../../components/FullPageSpin';
import { LazyFixedIcons } from '../../features/home';
import { Footer } from './Footer';
import { Header } from './Header';
import { SkipLink } from './SkipLink';

/** The application shell: skip link, header (hidden on new-window screens), main content, footer. */
export function AppShell({ hideHeader = false }: { hideHeader?: boolean }) {
  const { pathname } = useLocation();
  return (
    <div className="of-app">
      <SkipLink />
      {hideHeader ? null : <Header />}
      <main id="main" tabIndex={-1} className="of-main">
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<FullPageSpin inline />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <LazyFixedIcons />
    </div>
  );
}
