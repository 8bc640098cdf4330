import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

type Props = {
  title: string;
  /** The list screen with everything. */
  morePath?: string;
  /** Shows the next batch; absent when everything fits in one. */
  onChangeBatch?: () => void;
  isFetching?: boolean;
  className?: string;
  children: ReactNode;
};

/** A home-page list: heading, "change batch" and "more" (both described by the heading), then the items. */
export function HomeListSection({ title, morePath, onChangeBatch, isFetching, className, children }: Props) {
  const { t } = useTranslation('lists');
  const headingId = useId();
  return (
    <section className={['of-home-list', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <div className="of-home-list-head">
        <h2 id={headingId} className="of-section-title">
          {title}
        </h2>
        <div className="of-home-list-tools">
          {onChangeBatch ? (
            <button
              type="button"
              className="of-link-button"
              onClick={onChangeBatch}
              aria-describedby={headingId}
              aria-busy={isFetching || undefined}
            >
              {t('home.changeBatch')}
            </button>
          ) : null}
          {morePath ? (
            <Link to={morePath} className="of-home-more" aria-describedby={headingId}>
              {t('home.more')}
            </Link>
          ) : null}
        </div>
      </div>
      {children}
    </section>
  );
}
