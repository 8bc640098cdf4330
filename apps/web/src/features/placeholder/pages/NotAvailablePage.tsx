import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResultPage } from '../../../components/ResultPage';
import { setPageTitle } from '../../../lib/document-title';
import { loadNamespace } from '../../lang';

// Its texts load with the page: the first page shows none of them.
await loadNamespace('placeholder');

/** The "not available yet" page of a screen that a later issue builds; names the feature. */
export function NotAvailablePage({ feature }: { feature: string }) {
  const { t } = useTranslation('placeholder');
  const name = t(`features.${feature}`, { defaultValue: t('features.unknown') });
  const [params] = useSearchParams();
  const query = params.get('searchFieldContent') ?? '';
  useEffect(() => {
    setPageTitle(name);
    return () => setPageTitle('');
  }, [name]);
  return (
    <ResultPage
      status="info"
      title={name}
      subTitle={
        <>
          <p>{t('notAvailable', { feature: name })}</p>
          {query ? <p className="of-placeholder-query">{t('keptQuery', { query })}</p> : null}
        </>
      }
      extra={
        <Link className="of-btn of-btn--primary" to="/Home">
          {t('backHome')}
        </Link>
      }
    />
  );
}
