import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { PlaceTree } from './PlaceTree';
import { PoliciesPanel } from './PoliciesPanel';
import './libraries.css';

await loadNamespace('adminLibraries');

/**
 * Libraries and loan rules (`/admin/libraries`, administrators): the institution's libraries,
 * campuses and locations as a tree (names in three languages, order, the main library, location
 * types and switches; readers see a change at once), and the loan policies by reader type and
 * circulation attribute.
 */
export default function LibrariesScreen() {
  const { t } = useTranslation('adminLibraries');
  return (
    <AdminPage title={t('title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'places', label: t('tabs.places'), children: <PlaceTree /> },
          { key: 'policies', label: t('tabs.policies'), children: <PoliciesPanel /> },
        ]}
      />
    </AdminPage>
  );
}
