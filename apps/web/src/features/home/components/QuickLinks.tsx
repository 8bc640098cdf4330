import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Services worth a shortcut from the home page; each opens its screen. */
const QUICK_LINKS = [
  { key: 'newBooks', path: '/newBookInform' },
  { key: 'hotBorrowing', path: '/readRange' },
  { key: 'databases', path: '/dataBaseNav' },
  { key: 'journals', path: '/magazineNav' },
  { key: 'courseReferences', path: '/courseReference' },
  { key: 'eBooks', path: '/elecBook' },
] as const;

/** The "explore" shortcuts of the home page. */
export function QuickLinks() {
  const { t } = useTranslation('home');
  return (
    <section className="of-home-section" aria-labelledby="of-explore-title">
      <h2 id="of-explore-title" className="of-section-title">
        {t('explore.title')}
      </h2>
      <ul className="of-quick-grid">
        {QUICK_LINKS.map((link) => (
          <li key={link.key}>
            <Link className="of-quick-card" to={link.path}>
              <span className="of-quick-name">{t(`explore.${link.key}.name`)}</span>
              <span className="of-quick-desc">{t(`explore.${link.key}.desc`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
