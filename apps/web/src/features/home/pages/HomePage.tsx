import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setPageTitle } from '../../../lib/document-title';
import { useHasPainted } from '../../../lib/first-paint';
import { LibraryList } from '../components/LibraryList';
import { QuickLinks } from '../components/QuickLinks';
import { SearchHero } from '../components/SearchHero';
import { homeKeys } from '../query-keys';

/** The lists sit below the fold: their own chunk, loaded once the page has painted, so that the search box is ready first. */
const HomeLists = lazy(() => import('../components/lists/HomeLists'));

/** The home page: search hero, service shortcuts, the lists (popular, hot, new…) and the tenant's libraries. */
export function HomePage() {
  useEffect(() => setPageTitle(''), []);
  const hasPainted = useHasPainted();
  return (
    <div className="of-home">
      <SearchHero />
      <div className="of-page">
        <QuickLinks />
        {hasPainted ? (
          <Suspense fallback={null}>
            <HomeLists />
            <AfterTheLists>
              <LibraryList />
            </AfterTheLists>
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

/** The longest the libraries wait for the lists (a list whose call is retried). */
const LISTS_WAIT_MS = 3000;

/**
 * Shows its children once the lists above have their first answers (each list appears when its
 * answer comes, or stays hidden): shown earlier, the libraries were pushed down the screen as the
 * lists arrived one by one (a layout shift of up to 0.19 on a desktop screen). Rendered after the
 * lists, so that their calls have started when it first looks.
 */
function AfterTheLists({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [isDue, setIsDue] = useState(false);
  useEffect(() => {
    if (isDue) return;
    const check = () => {
      if (client.isFetching({ queryKey: homeKeys.all }) === 0) setIsDue(true);
    };
    check();
    const stop = client.getQueryCache().subscribe(check);
    const timer = window.setTimeout(() => setIsDue(true), LISTS_WAIT_MS);
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, [client, isDue]);
  return isDue ? <>{children}</> : null;
}
