import { useTranslation } from 'react-i18next';
import { LibraryIcon } from '../../../components/icons';
import { useLibraryList } from '../../site-config';

/** The tenant's libraries (hidden when the list is empty or fails, spec §8). */
export function LibraryList() {
  const { t } = useTranslation('home');
  const { data } = useLibraryList();
  if (!data?.length) return null;
  return (
    <section className="of-home-section" aria-labelledby="of-libraries-title">
      <h2 id="of-libraries-title" className="of-section-title">
        {t('libraries.title')}
      </h2>
      <ul className="of-library-grid">
        {data.map((lib) => (
          <li key={lib.libCode} className="of-library-card">
            <LibraryIcon className="of-library-icon" />
            <span>{lib.libName}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
