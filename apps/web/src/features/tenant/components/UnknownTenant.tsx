import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultPage } from '../../../components/ResultPage';
import { isUnknownTenant } from '../unknown-tenant-error';
import { setPageTitle } from '../../../lib/document-title';

type Props = { error: Error; mappingPath: string; onRetry: () => void };

/** The page for a mapping path the server does not know (or cannot be asked about); links to the default portal. */
export default function UnknownTenant({ error, mappingPath, onRetry }: Props) {
  const { t } = useTranslation('tenant');
  const isUnknown = isUnknownTenant(error);
  const title = isUnknown ? error.message || t('unknown.title') : t('unreachable.title');
  useEffect(() => setPageTitle(title), [title]);
  return (
    <ResultPage
      standalone
      status={isUnknown ? 'warning' : 'error'}
      title={title}
      subTitle={isUnknown ? t('unknown.hint', { path: mappingPath }) : t('unreachable.hint')}
      extra={
        <div className="of-result-actions">
          {/* A full page load: the default portal is another tenant, with its own configuration. */}
          <a className="of-btn of-btn--primary" href="/Home">
            {t('unknown.goDefault')}
          </a>
          {isUnknown ? null : (
            <button type="button" className="of-btn" onClick={onRetry}>
              {t('unreachable.retry')}
            </button>
          )}
        </div>
      }
    />
  );
}
