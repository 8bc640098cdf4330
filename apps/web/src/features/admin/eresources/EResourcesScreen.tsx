import { useState } from 'react';
import { Alert, Button, Input, Select, Spin, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EResourceErrCode,
  MAX_CAMPUS_NETWORKS,
  TRIAL_FEEDBACK_REPLY_MAX,
  TRIAL_FEEDBACK_STATUSES,
  VISIT_WINDOW_DAYS,
  type TrialFeedbackStatus,
} from '@openfind/contract';
import { ApiError } from '../../../lib/http';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { FilterField, QueueFilters } from '../components/QueueFilters';
import { QueueList } from '../components/QueueList';
import { QueueCard, ReaderText, ReplyEditor, ReplyThread, useReplyDraft } from '../components/ReplyCard';
import { StatusCounts, StatusFilter } from '../components/QueueStatus';
import { useQueueState, when } from '../components/use-queue-state';
import { roleAtLeast } from '../session/roles';
import { useStaffIdentity } from '../session/use-staff-identity';
import {
  useDatabaseChoices,
  useDbFeedback,
  useDbSettings,
  useDbVisits,
  useHandleDbFeedback,
  useSaveDbSettings,
  type DbFeedback,
  type DbFeedbackQuery,
  type DbSettings,
  type DbVisitFigures,
} from './eresources-api';
import './eresources.css';

await loadNamespace('adminEResources');

const PAGE_SIZE = 20;
type Filter = { status: TrialFeedbackStatus | ''; collectionId: number | 0 };
const START: Filter = { status: 'new', collectionId: 0 };
const STATUS_COLOURS: Record<TrialFeedbackStatus, string> = {
  new: 'blue',
  read: 'gold',
  replied: 'green',
  handled: 'default',
};
const queryOf = (f: Filter, page: number): DbFeedbackQuery => ({
  ...(f.status ? { status: f.status } : {}),
  ...(f.collectionId ? { collectionId: f.collectionId } : {}),
  page,
  rows: PAGE_SIZE,
});
const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/**
 * Databases and e-resources (`/admin/eresources`, issue 30): readers' feedback on databases on trial
 * (by state and database; marked read or handled, or replied to — the reader gets the reply in the
 * inbox), the visits of the last 30 days per database and per day, and the institution's proxy prefix
 * and campus networks (administrators change them; other staff read them). A database's own
 * navigation fields are edited from the content screen's e-resources list.
 */
export default function EResourcesScreen() {
  const { t } = useTranslation('adminEResources');
  const identity = useStaffIdentity();
  return (
    <AdminPage title={t('title')}>
      <p className="of-queue-help">{t('intro')}</p>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'feedback', label: t('tabs.feedback'), children: <FeedbackQueue /> },
          { key: 'visits', label: t('tabs.visits'), children: <VisitsPanel /> },
          {
            key: 'settings',
            label: t('tabs.settings'),
            children: <SettingsPanel editable={roleAtLeast(identity.role, 'admin')} />,
          },
        ]}
      />
    </AdminPage>
  );
}

function FeedbackQueue() {
  const { t } = useTranslation('adminEResources');
  const queue = useQueueState<Filter>(START);
  const { draft, setDraft, page } = queue;
  const answer = useDbFeedback(queryOf(queue.filter, page));
  const databases = useDatabaseChoices();
  return (
    <>
      <QueueFilters label={t('filter.label')} onSearch={queue.search} onReset={queue.reset}>
        <StatusFilter
          withAll
          label={t('filter.status')}
          statuses={TRIAL_FEEDBACK_STATUSES}
          statusText={(s) => t(`status.${s}`)}
          value={draft.status}
          onChange={(status) => setDraft({ ...draft, status })}
        />
        <FilterField label={t('filter.database')}>
          <Select
            aria-label={t('filter.database')}
            className="of-queue-field of-aer-db-field"
            value={draft.collectionId}
            showSearch={{ optionFilterProp: 'label' }}
            loading={databases.isLoading}
            onChange={(collectionId: number) => setDraft({ ...draft, collectionId })}
            options={[
              { value: 0, label: t('filter.all') },
              ...(databases.data?.list ?? []).map((d) => ({ value: d.id, label: d.name })),
            ]}
          />
        </FilterField>
      </QueueFilters>
      <StatusCounts
        testId="db-feedback-summary"
        statuses={TRIAL_FEEDBACK_STATUSES}
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
        emptyText={t('queue.empty')}
      >
        {(f) => <FeedbackCard key={`${f.feedbackId}-${f.version}`} item={f} />}
      </QueueList>
    </>
  );
}

/** One feedback: the database, the reader, stars and text, the library's reply; the actions its state allows. */
function FeedbackCard({ item: f }: { item: DbFeedback }) {
  const { t } = useTranslation('adminEResources');
  const headingId = `of-aer-f${f.feedbackId}`;
  const draft = useReplyDraft(TRIAL_FEEDBACK_REPLY_MAX);
  const [failure, setFailure] = useState('');
  const handle = useHandleDbFeedback(
    () => {
      draft.clear();
      setFailure('');
    },
    (error) =>
      setFailure(
        error instanceof ApiError && error.errCode === EResourceErrCode.changedMeanwhile
          ? t('queue.conflict')
          : messageOf(error),
      ),
  );
  const act = (status: 'read' | 'handled') => {
    setFailure('');
    handle.mutate({ feedbackId: f.feedbackId, version: f.version, status, reply: '' });
  };
  const send = () => {
    const reply = draft.take();
    if (reply === null || handle.isPending) return;
    setFailure('');
    handle.mutate({ feedbackId: f.feedbackId, version: f.version, status: 'replied', reply });
  };
  return (
    <QueueCard
      headingId={headingId}
      testId="db-feedback-item"
      heading={t('queue.heading', { id: f.feedbackId, name: f.collectionName })}
      tags={<Tag color={STATUS_COLOURS[f.status]}>{t(`status.${f.status}`)}</Tag>}
    >
      <p className="of-queue-meta">
        {t('queue.reader', { name: f.readerName || '—', account: f.account })} · {when(f.createdAt)}
        {f.rating ? (
          <>
            {' · '}
            <span className="of-aer-stars" role="img" aria-label={t('queue.rating', { rating: f.rating })}>
              {'★'.repeat(f.rating)}
              {'☆'.repeat(5 - f.rating)}
            </span>
          </>
        ) : null}
      </p>
      <ReaderText>{f.content}</ReaderText>
      <ReplyThread
        replies={
          f.reply
            ? [
                {
                  key: 'reply',
                  byline: t('queue.repliedBy', { who: f.repliedBy || '—', at: when(f.repliedAt) }),
                  body: f.reply,
                },
              ]
            : []
        }
      />
      {failure ? <Alert type="warning" showIcon className="of-aer-alert" title={failure} /> : null}
      {f.status !== 'handled' ? (
        <ReplyEditor
          id={`of-aer-reply-${f.feedbackId}`}
          draft={draft}
          label={f.reply ? t('reply.again') : t('reply.label')}
          help={t('reply.help')}
          testId="db-feedback-reply-text"
        >
          <Button
            type="primary"
            loading={handle.isPending && handle.variables?.status === 'replied'}
            aria-describedby={headingId}
            onClick={send}
            data-testid="db-feedback-reply"
          >
            {t('actions.reply')}
          </Button>
          {f.status === 'new' ? (
            <Button disabled={handle.isPending} aria-describedby={headingId} onClick={() => act('read')}>
              {t('actions.read')}
            </Button>
          ) : null}
          <Button
            disabled={handle.isPending}
            aria-describedby={headingId}
            onClick={() => act('handled')}
            data-testid="db-feedback-handled"
          >
            {t('actions.handled')}
          </Button>
        </ReplyEditor>
      ) : null}
    </QueueCard>
  );
}

/** The last 30 days: every database's visits per day as bars, then the databases, most visited first. */
function VisitsPanel() {
  const { t } = useTranslation('adminEResources');
  const visits = useDbVisits();
  if (!visits.data)
    return visits.isError ? (
      <Alert type="error" showIcon title={t('loadFailed')} />
    ) : (
      <Spin aria-label={t('loading')} />
    );
  const figures = visits.data;
  const total = figures.daily.reduce((n, d) => n + d.visits, 0);
  return (
    <div className="of-aer-visits">
      <p className="of-queue-help">
        {t('visits.range', {
          from: figures.from,
          to: figures.to,
          days: VISIT_WINDOW_DAYS,
          total: total.toLocaleString(),
        })}
      </p>
      <DailyBars daily={figures.daily} total={total} />
      {figures.list.length ? (
        <div className="of-aer-table-wrap">
          <table className="of-aer-table" data-testid="db-visits-table">
            <caption>{t('visits.caption', { days: VISIT_WINDOW_DAYS })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('visits.rank')}</th>
                <th scope="col">{t('visits.name')}</th>
                <th scope="col">{t('visits.accessKind')}</th>
                <th scope="col" className="of-aer-num">
                  {t('visits.visits', { days: VISIT_WINDOW_DAYS })}
                </th>
                <th scope="col" className="of-aer-num">
                  {t('visits.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.list.map((d, i) => (
                <tr key={d.id}>
                  <td>{i + 1}</td>
                  <th scope="row">{d.name}</th>
                  <td>{t(`accessKinds.${d.accessKind}`)}</td>
                  <td className="of-aer-num">{d.visits.toLocaleString()}</td>
                  <td className="of-aer-num">{d.visitTotal.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="of-queue-help">{t('visits.none')}</p>
      )}
    </div>
  );
}

/** One bar a day (plain SVG, scaled to the busiest day); the figures are also said as text. */
function DailyBars({ daily, total }: { daily: DbVisitFigures['daily']; total: number }) {
  const { t } = useTranslation('adminEResources');
  const max = Math.max(1, ...daily.map((d) => d.visits));
  const busiest = daily.reduce((a, d) => (d.visits > a.visits ? d : a), daily[0] ?? { day: '', visits: 0 });
  const W = 10;
  const H = 80;
  return (
    <figure className="of-aer-chart">
      <svg
        viewBox={`0 0 ${daily.length * W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('visits.chartLabel', { total, day: busiest.day, visits: busiest.visits })}
        data-testid="db-visits-chart"
      >
        {daily.map((d, i) => {
          const h = Math.round((d.visits / max) * (H - 2));
          return (
            <rect key={d.day} x={i * W + 1} y={H - h} width={W - 2} height={h} className="of-aer-bar">
              <title>{t('visits.bar', { day: d.day, visits: d.visits })}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="of-aer-chart-axis">
        <span>{daily[0]?.day}</span>
        <span>{t('visits.perDay')}</span>
        <span>{daily[daily.length - 1]?.day}</span>
      </figcaption>
    </figure>
  );
}

type SettingsErrors = { proxyPrefix?: string; campusNetworks?: string; form?: string; conflict?: boolean };

/** The proxy prefix and the campus networks (one CIDR block a line); administrators change them. */
function SettingsPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation('adminEResources');
  const settings = useDbSettings();
  if (!settings.data)
    return settings.isError ? (
      <Alert type="error" showIcon title={t('loadFailed')} />
    ) : (
      <Spin aria-label={t('loading')} />
    );
  return (
    <SettingsForm key={settings.data.version} settings={settings.data} editable={editable} reload={settings.refetch} />
  );
}

function SettingsForm(props: { settings: DbSettings; editable: boolean; reload: () => Promise<unknown> }) {
  const { t } = useTranslation('adminEResources');
  const { settings, editable } = props;
  const [prefix, setPrefix] = useState(settings.proxyPrefix);
  const [networks, setNetworks] = useState(settings.campusNetworks.join('\n'));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const save = useSaveDbSettings(
    () => setErrors({}),
    (error) => {
      const code = error instanceof ApiError ? error.errCode : null;
      const message = messageOf(error) || t('saveFailed');
      if (code === EResourceErrCode.badNetwork) setErrors({ campusNetworks: message });
      else if (code === EResourceErrCode.badProxyPrefix) setErrors({ proxyPrefix: message });
      else if (code === EResourceErrCode.changedMeanwhile) setErrors({ form: t('settings.conflict'), conflict: true });
      else setErrors({ form: message });
    },
  );
  const lines = networks
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const submit = () => {
    if (lines.length > MAX_CAMPUS_NETWORKS) {
      setErrors({ campusNetworks: t('settings.tooMany', { max: MAX_CAMPUS_NETWORKS }) });
      return;
    }
    setErrors({});
    save.mutate({ proxyPrefix: prefix.trim(), campusNetworks: lines, version: settings.version });
  };
  return (
    <form
      className="of-aer-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {!editable ? <Alert type="info" showIcon className="of-aer-alert" title={t('settings.adminsOnly')} /> : null}
      {errors.form ? (
        <Alert
          type={errors.conflict ? 'warning' : 'error'}
          showIcon
          role="alert"
          className="of-aer-alert"
          title={errors.form}
          action={
            errors.conflict ? (
              <Button size="small" onClick={() => void props.reload()}>
                {t('settings.reload')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      <label className="of-queue-label" htmlFor="of-aer-prefix">
        {t('settings.proxyPrefix')}
      </label>
      <Input
        id="of-aer-prefix"
        value={prefix}
        inputMode="url"
        maxLength={500}
        readOnly={!editable}
        status={errors.proxyPrefix ? 'error' : undefined}
        aria-invalid={Boolean(errors.proxyPrefix)}
        aria-describedby="of-aer-prefix-help"
        onChange={(e) => setPrefix(e.target.value)}
      />
      <p id="of-aer-prefix-help" className={errors.proxyPrefix ? 'of-queue-error' : 'of-queue-help'}>
        {errors.proxyPrefix ?? t('settings.proxyPrefixHelp')}
      </p>
      <label className="of-queue-label" htmlFor="of-aer-networks">
        {t('settings.campusNetworks')}
      </label>
      <Input.TextArea
        id="of-aer-networks"
        value={networks}
        autoSize={{ minRows: 4, maxRows: 14 }}
        readOnly={!editable}
        spellCheck={false}
        status={errors.campusNetworks ? 'error' : undefined}
        aria-invalid={Boolean(errors.campusNetworks)}
        aria-describedby="of-aer-networks-help"
        onChange={(e) => setNetworks(e.target.value)}
        data-testid="db-campus-networks"
      />
      <p id="of-aer-networks-help" className={errors.campusNetworks ? 'of-queue-error' : 'of-queue-help'}>
        {errors.campusNetworks ?? t('settings.campusNetworksHelp', { max: MAX_CAMPUS_NETWORKS })}
      </p>
      <p className="of-queue-help">{t('settings.version', { version: settings.version })}</p>
      {editable ? (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="db-settings-save">
          {t('settings.save')}
        </Button>
      ) : null}
    </form>
  );
}
