import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useSearchParams } from 'react-router';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { DeliveriesTab } from './DeliveriesTab';
import { ExpiredTab } from './ExpiredTab';
import { PickListTab } from './PickListTab';
import { RequestDetail } from './RequestDetail';
import { RequestList } from './RequestList';
import './requests.css';

await loadNamespace('adminRequests');

const TABS = ['list', 'pickList', 'expired', 'deliveries'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => TABS.includes(v as Tab);

/**
 * The views of the request manager, as links (the open one is in the address, `?tab=`, so a reload
 * or a link keeps it): plain navigation, which reads the same at any width.
 */
function RequestTabs() {
  const { t } = useTranslation('adminRequests');
  const [params] = useSearchParams();
  const tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'list';
  const panels: Record<Tab, ReactNode> = {
    list: <RequestList />,
    pickList: <PickListTab />,
    expired: <ExpiredTab />,
    deliveries: <DeliveriesTab />,
  };
  return (
    <AdminPage title={t('title')}>
      <nav className="of-req-views of-req-noprint" aria-label={t('views')}>
        {TABS.map((key) => (
          <Link
            key={key}
            to={key === 'list' ? '.' : `?tab=${key}`}
            className={key === tab ? 'is-current' : undefined}
            aria-current={key === tab ? 'page' : undefined}
          >
            {t(`tabs.${key}`)}
          </Link>
        ))}
      </nav>
      <h2 className="of-req-view-title">{t(`tabs.${tab}`)}</h2>
      {panels[tab]}
    </AdminPage>
  );
}

/**
 * The staff console's request manager (issue 28; /admin/requests): every request of the institution
 * (those of the account's libraries for a desk account limited to some), a request's page
 * (/admin/requests/:requestId) with its steps, the printable pick list, expired holds and the home
 * deliveries to send.
 */
export default function RequestsScreen() {
  return (
    <div className="of-req">
      <Routes>
        <Route index element={<RequestTabs />} />
        <Route path=":requestId" element={<RequestDetail />} />
      </Routes>
    </div>
  );
}
