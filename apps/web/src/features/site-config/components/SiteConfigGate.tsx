import { Suspense } from 'react';
import { lazyAntd } from '../../../lib/antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageSpin } from '../../../components/FullPageSpin';
import { useSiteConfig } from '../api/get-site-config';
import { SiteConfigContext } from '../site-config-context';

const ResultPage = lazyAntd(() => import('../../../components/ResultPage'));

/** Loads the site configuration once; the shell's colours and flags wait for it. */
export function SiteConfigGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const query = useSiteConfig();
  if (query.isPending) return <FullPageSpin />;
  if (query.isError) {
    return (
      <Suspense fallback={<FullPageSpin />}>
        <ResultPage
          standalone
          status="error"
          title={t('errors.configTitle')}
          subTitle={query.error.message || t('errors.network')}
          extra={
            <button type="button" className="of-btn of-btn--primary" onClick={() => void query.refetch()}>
              {t('actions.retry')}
            </button>
          }
        />
      </Suspense>
    );
  }
  return <SiteConfigContext value={query.data}>{children}</SiteConfigContext>;
}
