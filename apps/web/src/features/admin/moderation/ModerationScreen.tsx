import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { roleAtLeast } from '../session/roles';
import { useStaffIdentity } from '../session/use-staff-identity';
import { CommentQueue } from './CommentQueue';
import { ReaderListsPanel } from './ReaderListsPanel';
import { SensitiveWordsPanel } from './SensitiveWordsPanel';
import './moderation.css';

await loadNamespace('adminModeration');

/**
 * Comment moderation (`/admin/moderation`): the queue of readers' comments (approve, reject with the
 * reason the reader sees, one or many), readers' public book lists (hide one with the reason its reader
 * reads, show it again), and the institution's sensitive words, which flag comments for review
 * (administrators change them; desk staff see them).
 */
export default function ModerationScreen() {
  const { t } = useTranslation('adminModeration');
  const identity = useStaffIdentity();
  return (
    <AdminPage title={t('title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'queue', label: t('tabs.queue'), children: <CommentQueue /> },
          { key: 'lists', label: t('tabs.lists'), children: <ReaderListsPanel /> },
          {
            key: 'words',
            label: t('tabs.words'),
            children: <SensitiveWordsPanel editable={roleAtLeast(identity.role, 'admin')} />,
          },
        ]}
      />
    </AdminPage>
  );
}
