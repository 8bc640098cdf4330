import { Suspense, lazy, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { roleAtLeast } from '../session/roles';
import { useStaffIdentity } from '../session/use-staff-identity';
import { AttachmentsPanel } from './AttachmentsPanel';
import { BookListsPanel } from './BookListsPanel';
import { CollectionsPanel } from './CollectionsPanel';
import { NewsPanel } from './NewsPanel';
import { NoticesPanel } from '../notices/NoticesPanel';
import { SurveysAdminPanel } from '../surveys/SurveysAdminPanel';
import { TextsPanel } from './TextsPanel';
import './content.css';

await loadNamespace('adminContent');

/** Special collections and libraries, and topics: chunks of their own, loaded when their tab is opened. */
const SpecialCollectionsPanel = lazy(() => import('../collections/SpecialCollectionsPanel'));
const TopicsPanel = lazy(() => import('../collections/TopicsPanel'));

/**
 * Content (`/admin/content`): what the portal shows besides the catalogue — e-resources, the
 * library's book lists, donation news, the help and privacy texts, and files attached to records.
 * Staff change them; administrators also delete (staff hide or unpublish, which can be undone).
 */
export default function ContentScreen() {
  const { t } = useTranslation('adminContent');
  const identity = useStaffIdentity();
  const canDelete = roleAtLeast(identity.role, 'admin');
  return (
    <AdminPage title={t('title')}>
      <ContentTabs
        items={[
          { key: 'collections', label: t('tabs.collections'), children: <CollectionsPanel canDelete={canDelete} /> },
          {
            key: 'special',
            label: t('tabs.special'),
            children: (
              <Suspense fallback={<Spin />}>
                <SpecialCollectionsPanel canDelete={canDelete} />
              </Suspense>
            ),
          },
          {
            key: 'topics',
            label: t('tabs.topics'),
            children: (
              <Suspense fallback={<Spin />}>
                <TopicsPanel canDelete={canDelete} />
              </Suspense>
            ),
          },
          { key: 'bookLists', label: t('tabs.bookLists'), children: <BookListsPanel canDelete={canDelete} /> },
          { key: 'news', label: t('tabs.news'), children: <NewsPanel canDelete={canDelete} /> },
          { key: 'texts', label: t('tabs.texts'), children: <TextsPanel /> },
          { key: 'attachments', label: t('tabs.attachments'), children: <AttachmentsPanel canDelete={canDelete} /> },
          { key: 'notices', label: t('adminNotices:tab'), children: <NoticesPanel /> },
          { key: 'surveys', label: t('adminSurveys:tab'), children: <SurveysAdminPanel canDelete={canDelete} /> },
        ]}
      />
    </AdminPage>
  );
}

type Tab = { key: string; label: string; children: ReactNode };

/**
 * The screen's tabs: a tab list that wraps onto a second line on a phone (five tabs do not fit 390 px,
 * and a tab list that scrolls hides some behind a menu), arrow keys moving between tabs; only the
 * chosen panel is rendered.
 */
function ContentTabs({ items }: { items: Tab[] }) {
  const [active, setActive] = useState(items[0]!.key);
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = items.find((i) => i.key === active) ?? items[0]!;
  const onKey = (e: KeyboardEvent, index: number) => {
    const by = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : (index + by + items.length) % items.length;
    if (!by && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    setActive(items[to]!.key);
    refs.current[items[to]!.key]?.focus();
  };
  return (
    <div className="of-content-tabs">
      <div role="tablist" className="of-content-tablist">
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(el) => {
              refs.current[item.key] = el;
            }}
            type="button"
            role="tab"
            id={`of-content-tab-${item.key}`}
            aria-selected={item.key === current.key}
            aria-controls={`of-content-panel-${item.key}`}
            tabIndex={item.key === current.key ? 0 : -1}
            className="of-content-tab"
            onClick={() => setActive(item.key)}
            onKeyDown={(e) => onKey(e, index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`of-content-panel-${current.key}`}
        aria-labelledby={`of-content-tab-${current.key}`}
        className="of-content-panel"
      >
        {current.children}
      </div>
    </div>
  );
}
