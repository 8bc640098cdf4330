import { useState } from 'react';
import { Button, Input, Select, Spin, Switch, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DOC_DELIVERY_FIELDS,
  DOC_DELIVERY_MIN_SECRET,
  DOC_DELIVERY_STATUSES,
  type DocDeliveryStatus,
} from '@openfind/contract';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { FilterField, QueueFilters } from '../components/QueueFilters';
import { QueueList } from '../components/QueueList';
import { roleAtLeast } from '../session/roles';
import { useStaffIdentity } from '../session/use-staff-identity';
import {
  useDocRequests,
  useDocSettings,
  useResendDocRequest,
  useSaveDocSettings,
  type DocItem,
  type DocQuery,
} from './doc-delivery-api';
import '../moderation/moderation.css';
import './doc-delivery.css';

await loadNamespace('adminDocDelivery');

const PAGE_SIZE = 20;
type Filter = { status: DocDeliveryStatus | ''; q: string };
const START: Filter = { status: '', q: '' };
const queryOf = (f: Filter, page: number): DocQuery => ({ status: f.status, q: f.q.trim(), page, rows: PAGE_SIZE });
const STATUS_COLOURS: Record<DocDeliveryStatus, string> = {
  queued: 'orange',
  sent: 'green',
  failed: 'red',
  cancelled: 'default',
};

/**
 * Document delivery (`/admin/document-delivery`): the readers' requests with how sending each went
 * (the service's number, the tries, the last failure), a failed one sent again; administrators set
 * the service — its login page (without one the readers' entry does not show), where requests go,
 * the shared secret that signs both (never shown again once saved).
 */
export default function DocDeliveryScreen() {
  const { t } = useTranslation('adminDocDelivery');
  const identity = useStaffIdentity();
  return (
    <AdminPage title={t('title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'requests', label: t('tabs.requests'), children: <RequestQueue /> },
          {
            key: 'settings',
            label: t('tabs.settings'),
            children: roleAtLeast(identity.role, 'admin') ? (
              <SettingsPanel />
            ) : (
              <p className="of-mod-help">{t('settings.adminsOnly')}</p>
            ),
          },
        ]}
      />
    </AdminPage>
  );
}

function RequestQueue() {
  const { t } = useTranslation('adminDocDelivery');
  const [draft, setDraft] = useState<Filter>(START);
  const [filter, setFilter] = useState<Filter>(START);
  const [page, setPage] = useState(1);
  const queue = useDocRequests(queryOf(filter, page));
  return (
    <>
      <QueueFilters
        label={t('filter.label')}
        searchText={t('filter.search')}
        resetText={t('filter.reset')}
        onSearch={() => {
          setFilter(draft);
          setPage(1);
        }}
        onReset={() => {
          setDraft(START);
          setFilter(START);
          setPage(1);
        }}
      >
        <FilterField label={t('filter.status')}>
          <Select
            aria-label={t('filter.status')}
            className="of-queue-field"
            value={draft.status}
            onChange={(status: Filter['status']) => setDraft({ ...draft, status })}
            options={[
              { value: '', label: t('filter.all') },
              ...DOC_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
          />
        </FilterField>
        <FilterField label={t('filter.text')}>
          <Input
            className="of-queue-field"
            value={draft.q}
            maxLength={100}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        </FilterField>
      </QueueFilters>
      <p className="of-queue-summary" aria-live="polite" data-testid="dd-admin-summary">
        {queue.data
          ? DOC_DELIVERY_STATUSES.map((s) =>
              t('summary.count', { status: t(`status.${s}`), count: queue.data.counts[s] ?? 0 }),
            ).join(' · ')
          : ''}
      </p>
      <QueueList
        prefix="of-add"
        items={queue.data?.list}
        fetching={queue.isFetching}
        total={queue.data?.totalCount ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        loadingText={t('loading')}
        emptyText={t('empty')}
      >
        {(d) => <RequestItem key={d.id} request={d} />}
      </QueueList>
    </>
  );
}

function RequestItem({ request: d }: { request: DocItem }) {
  const { t } = useTranslation('adminDocDelivery');
  const resend = useResendDocRequest();
  const headingId = `of-add-d${d.id}`;
  const fields = DOC_DELIVERY_FIELDS.filter((f) => f !== 'publicationName' && f !== 'articleTitle' && d[f]);
  return (
    <li className="of-add-item" aria-labelledby={headingId} data-testid="dd-admin-item">
      <div className="of-add-head">
        <h2 id={headingId} className="of-add-title">
          {[d.articleTitle, d.publicationName].filter(Boolean).join(' — ')}
        </h2>
        <Tag color={STATUS_COLOURS[d.status]}>{t(`status.${d.status}`)}</Tag>
      </div>
      <p className="of-add-meta">
        {t('meta', {
          id: d.id,
          reader: d.readerName ? `${d.readerName} (${d.reader})` : d.reader,
          when: new Date(d.createdAt).toLocaleString(),
        })}
      </p>
      <dl className="of-add-fields">
        {fields.map((f) => (
          <div key={f}>
            <dt>{t(`fields.${f}`)}</dt>
            <dd>{d[f]}</dd>
          </div>
        ))}
        {d.remoteId ? (
          <div>
            <dt>{t('remoteId')}</dt>
            <dd>{d.remoteId}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('attempts')}</dt>
          <dd>{d.attempts}</dd>
        </div>
      </dl>
      {d.lastError && d.status !== 'sent' ? (
        <p className="of-add-error">{t('lastError', { error: d.lastError })}</p>
      ) : null}
      {d.status === 'failed' ? (
        <Button onClick={() => resend.mutate(d.id)} loading={resend.isPending} data-testid="dd-admin-resend">
          {t('resend')}
        </Button>
      ) : null}
    </li>
  );
}

type Draft = { enabled: boolean; loginUrl: string; serviceUrl: string; secret: string; clearSecret: boolean };

function SettingsPanel() {
  const { t } = useTranslation('adminDocDelivery');
  const settings = useDocSettings(true);
  const save = useSaveDocSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  if (!settings.data) return <Spin className="of-mod-loading" aria-label={t('loading')} />;
  const s = settings.data;
  const value: Draft = draft ?? { ...s, secret: '', clearSecret: false };
  const set = (patch: Partial<Draft>) => setDraft({ ...value, ...patch });
  return (
    <form
      className="of-add-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(value, { onSuccess: () => setDraft(null) });
      }}
    >
      <label className="of-add-switch">
        <Switch checked={value.enabled} onChange={(enabled) => set({ enabled })} />
        <span>{t('settings.enabled')}</span>
      </label>
      <label className="of-mod-label" htmlFor="of-add-login">
        {t('settings.loginUrl')}
      </label>
      <Input
        id="of-add-login"
        type="url"
        value={value.loginUrl}
        maxLength={500}
        placeholder="https://"
        aria-describedby="of-add-login-help"
        onChange={(e) => set({ loginUrl: e.target.value })}
      />
      <p id="of-add-login-help" className="of-mod-help">
        {t('settings.loginUrlHelp')}
      </p>
      <label className="of-mod-label" htmlFor="of-add-service">
        {t('settings.serviceUrl')}
      </label>
      <Input
        id="of-add-service"
        type="url"
        value={value.serviceUrl}
        maxLength={500}
        placeholder="https://"
        aria-describedby="of-add-service-help"
        onChange={(e) => set({ serviceUrl: e.target.value })}
      />
      <p id="of-add-service-help" className="of-mod-help">
        {t('settings.serviceUrlHelp')}
      </p>
      <label className="of-mod-label" htmlFor="of-add-secret">
        {t('settings.secret')}
      </label>
      <Input.Password
        id="of-add-secret"
        value={value.secret}
        maxLength={200}
        autoComplete="new-password"
        disabled={value.clearSecret}
        aria-describedby="of-add-secret-help"
        onChange={(e) => set({ secret: e.target.value })}
      />
      <p id="of-add-secret-help" className="of-mod-help">
        {s.hasSecret
          ? t('settings.secretSet', { min: DOC_DELIVERY_MIN_SECRET })
          : t('settings.secretNone', { min: DOC_DELIVERY_MIN_SECRET })}
      </p>
      {s.hasSecret ? (
        <label className="of-add-switch">
          <Switch checked={value.clearSecret} onChange={(clearSecret) => set({ clearSecret, secret: '' })} />
          <span>{t('settings.clearSecret')}</span>
        </label>
      ) : null}
      {s.updatedAt ? (
        <p className="of-mod-help">
          {t('settings.updated', { when: new Date(s.updatedAt).toLocaleString(), who: s.updatedBy ?? '—' })}
        </p>
      ) : null}
      <div className="of-mod-filter-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!draft}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
