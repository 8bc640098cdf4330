import { useState } from 'react';
import { Button, Input, Spin, Switch, Tabs, Tag } from 'antd';
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
import { QueueCard } from '../components/ReplyCard';
import { StatusCounts, StatusFilter } from '../components/QueueStatus';
import { useQueueState, when } from '../components/use-queue-state';
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
              <p className="of-queue-help">{t('settings.adminsOnly')}</p>
            ),
          },
        ]}
      />
    </AdminPage>
  );
}

function RequestQueue() {
  const { t } = useTranslation('adminDocDelivery');
  const queue = useQueueState<Filter>(START);
  const { draft, setDraft, page } = queue;
  const answer = useDocRequests(queryOf(queue.filter, page));
  return (
    <>
      <QueueFilters label={t('filter.label')} onSearch={queue.search} onReset={queue.reset}>
        <StatusFilter
          withAll
          label={t('filter.status')}
          statuses={DOC_DELIVERY_STATUSES}
          statusText={(s) => t(`status.${s}`)}
          value={draft.status}
          onChange={(status) => setDraft({ ...draft, status })}
        />
        <FilterField label={t('filter.text')}>
          <Input
            className="of-queue-field"
            value={draft.q}
            maxLength={100}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        </FilterField>
      </QueueFilters>
      <StatusCounts
        testId="dd-admin-summary"
        statuses={DOC_DELIVERY_STATUSES}
        statusText={(s) => t(`status.${s}`)}
        counts={answer.data?.counts}
      />
      <QueueList
        items={answer.data?.list}
        fetching={answer.isFetching}
        total={answer.data?.totalCount ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={queue.turnPage}
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
  const fields = DOC_DELIVERY_FIELDS.filter((f) => f !== 'publicationName' && f !== 'articleTitle' && d[f]);
  return (
    <QueueCard
      headingId={`of-add-d${d.id}`}
      testId="dd-admin-item"
      heading={[d.articleTitle, d.publicationName].filter(Boolean).join(' — ')}
      tags={<Tag color={STATUS_COLOURS[d.status]}>{t(`status.${d.status}`)}</Tag>}
    >
      <p className="of-queue-meta">
        {t('meta', {
          id: d.id,
          reader: d.readerName ? `${d.readerName} (${d.reader})` : d.reader,
          when: when(d.createdAt),
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
    </QueueCard>
  );
}

type Draft = { enabled: boolean; loginUrl: string; serviceUrl: string; secret: string; clearSecret: boolean };

function SettingsPanel() {
  const { t } = useTranslation('adminDocDelivery');
  const settings = useDocSettings(true);
  const save = useSaveDocSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  if (!settings.data) return <Spin className="of-queue-loading" aria-label={t('loading')} />;
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
      <label className="of-queue-label" htmlFor="of-add-login">
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
      <p id="of-add-login-help" className="of-queue-help">
        {t('settings.loginUrlHelp')}
      </p>
      <label className="of-queue-label" htmlFor="of-add-service">
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
      <p id="of-add-service-help" className="of-queue-help">
        {t('settings.serviceUrlHelp')}
      </p>
      <label className="of-queue-label" htmlFor="of-add-secret">
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
      <p id="of-add-secret-help" className="of-queue-help">
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
        <p className="of-queue-help">
          {t('settings.updated', { when: new Date(s.updatedAt).toLocaleString(), who: s.updatedBy ?? '—' })}
        </p>
      ) : null}
      <div className="of-queue-row">
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!draft}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
