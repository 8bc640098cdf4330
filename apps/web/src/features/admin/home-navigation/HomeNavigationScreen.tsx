import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { roleAtLeast } from '../session/roles';
import { useStaffIdentity } from '../session/use-staff-identity';
import { FixedIconsPanel } from './FixedIconsPanel';
import { UsagePanel } from './UsagePanel';
import './home-navigation.css';

await loadNamespace('adminHomeNav');

/**
 * Home page navigation (`/admin/home-navigation`): how readers used the menus, quick links, banners,
 * attachments and fixed icons in the last days (most used first, with totals), and the fixed icons
 * at the page's right edge (administrators edit them; desk staff see them).
 */
export default function HomeNavigationScreen() {
  const { t } = useTranslation('adminHomeNav');
  const identity = useStaffIdentity();
  return (
    <AdminPage title={t('title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'usage', label: t('tabs.usage'), children: <UsagePanel /> },
          {
            key: 'icons',
            label: t('tabs.icons'),
            children: <FixedIconsPanel editable={roleAtLeast(identity.role, 'admin')} />,
          },
        ]}
      />
    </AdminPage>
  );
}
