import { lazy, Suspense, useEffect } from 'react';
import { setPageTitle } from '../../../lib/document-title';
import { LibraryList } from '../components/LibraryList';
import { QuickLinks } from '../components/QuickLinks';
import { SearchHero } from '../components/SearchHero';

/** The lists sit below the fold: their own chunk, so that the search box is ready first. */
const HomeLists = lazy(() => import('../components/lists/HomeLists'));

/** The home page: search hero, service shortcuts, the lists (popular, hot, new…) and the tenant's libraries. */
export function HomePage() {
  useEffect(() => setPageTitle(''), []);
  return (
    <div className="of-home">
      <SearchHero />
      <div className="of-page">
        <QuickLinks />
        <Suspense fallback={null}>
          <HomeLists />
        </Suspense>
        <LibraryList />
      </div>
    </div>
  );
}
