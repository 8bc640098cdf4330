import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { HomeInfo } from '@openfind/contract';
import { getHomeInfo } from '../home-nav-api';
import { countElement } from '../nav-beacon';
import { homeKeys } from '../query-keys';

/** Services worth a shortcut from the home page; each opens its screen and shows its figure. */
const QUICK_LINKS = [
  { key: 'newBooks', path: '/newBookInform', figure: (i: HomeInfo) => i.newArrivals },
  { key: 'hotBorrowing', path: '/readRange', figure: (i: HomeInfo) => i.records },
  { key: 'databases', path: '/dataBaseNav', figure: (i: HomeInfo) => i.databases.total },
  { key: 'journals', path: '/magazineNav', figure: (i: HomeInfo) => i.journals.total },
  { key: 'courseReferences', path: '/courseReference', figure: (i: HomeInfo) => i.courses },
  { key: 'eBooks', path: '/elecBook', figure: (i: HomeInfo) => i.ebooks },
] as const;

/**
 * The "explore" shortcuts of the home page, each with the institution's figure (`/find/homePage/info`),
 * which comes when it comes: its line is kept, so nothing moves; a click is counted without waiting.
 */
export function QuickLinks() {
  const { t, i18n } = useTranslation('home');
  const info = useQuery({
    queryKey: homeKeys.info(),
    queryFn: ({ signal }) => getHomeInfo(signal),
    staleTime: 60_000,
  });
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <section className="of-home-section" aria-labelledby="of-explore-title">
      <h2 id="of-explore-title" className="of-section-title">
        {t('explore.title')}
      </h2>
      <ul className="of-quick-grid">
        {QUICK_LINKS.map((link) => (
          <li key={link.key}>
            <Link className="of-quick-card" to={link.path} onClick={() => countElement(`quickLink.${link.key}`)}>
              <span className="of-quick-name">{t(`explore.${link.key}.name`)}</span>
              <span className="of-quick-desc">{t(`explore.${link.key}.desc`)}</span>
              <span className="of-quick-figure" data-testid={`quick-figure-${link.key}`}>
                {info.data ? t(`explore.${link.key}.figure`, { count: format.format(link.figure(info.data)) }) : ' '}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
