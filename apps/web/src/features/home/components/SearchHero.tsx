import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../site-config';
import { useTenant } from '../../tenant';
import { SearchBox } from './SearchBox';

/** The home hero: the tenant's search background (or the default gradient), a title and the search box. */
export function SearchHero() {
  const { t } = useTranslation('home');
  const { searchBackGround } = useConfig();
  const tenant = useTenant();
  const style: CSSProperties | undefined = searchBackGround
    ? {
        backgroundImage: `linear-gradient(rgba(12, 24, 38, 0.55), rgba(12, 24, 38, 0.55)), url("${encodeURI(searchBackGround)}")`,
      }
    : undefined;
  return (
    <section className="of-hero" style={style} aria-labelledby="of-hero-title">
      <div className="of-hero-inner">
        <h1 id="of-hero-title" className="of-hero-title">
          {t('hero.title')}
        </h1>
        <p className="of-hero-subtitle">{t('hero.subtitle', { name: tenant.group.name })}</p>
        <SearchBox />
      </div>
    </section>
  );
}
