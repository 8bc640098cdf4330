import { useEffect } from 'react';
import { setPageTitle } from '../../../lib/document-title';
import { LibraryList } from '../components/LibraryList';
import { QuickLinks } from '../components/QuickLinks';
import { SearchHero } from '../components/SearchHero';

/** The home page: search hero, service shortcuts and the tenant's libraries. */
export function HomePage() {
  useEffect(() => setPageTitle(''), []);
  return (
    <div className="of-home">
      <SearchHero />
      <div className="of-page">
        <QuickLinks />
        <LibraryList />
      </div>
    </div>
  );
}
