import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useSearchParams } from 'react-router';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { roleAtLeast } from '../session/roles';
import { useStaffIdentity } from '../session/use-staff-identity';
import { ImportPanel } from './ImportPanel';
import { RecordFinder } from './RecordFinder';
import { RecordPage } from './RecordPage';
import './catalogue.css';

await loadNamespace('adminCatalogue');

/**
 * The console's catalogue (/admin/catalogue): finding a record (suppressed ones too) and, on its page
 * (/admin/catalogue/:recordId), its MARC and copies, suppressing, showing and deleting it; for
 * administrators, importing a catalogue file with its progress, the runs and their reject reports.
 */
export default function CatalogueScreen() {
  return (
    <Routes>
      <Route index element={<CatalogueHome />} />
      <Route path=":recordId" element={<RecordPage />} />
    </Routes>
  );
}

function CatalogueHome() {
  const { t } = useTranslation('adminCatalogue');
  const identity = useStaffIdentity();
  const [params, setParams] = useSearchParams();
  const admin = roleAtLeast(identity.role, 'admin');
  const tab = admin && params.get('tab') === 'import' ? 'import' : 'records';
  return (
    <AdminPage title={t('title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'import' ? { tab: 'import' } : {})}
        items={[
          { key: 'records', label: t('tabs.records'), children: <RecordFinder /> },
          ...(admin ? [{ key: 'import', label: t('tabs.import'), children: <ImportPanel /> }] : []),
        ]}
      />
    </AdminPage>
  );
}
