import { useState } from 'react';
import { Button, Input, InputNumber, Modal, Select, Spin, Switch, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  MAX_DAILY_RECOMMEND_QUOTA,
  MAX_RECOMMEND_REPLY,
  RECOMMEND_DECISIONS,
  RECOMMEND_KINDS,
  RECOMMEND_TABS,
  RECOMMEND_TRANSITIONS,
  type RecommendDecision,
  type RecommendKind,
  type RecommendTab,
} from '@openfind/contract';
import { recordPath } from '../../../lib/record-path';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { BulkBar, FilterField, QueueFilters } from '../components/QueueFilters';
import { ConflictsAlert, QueueList } from '../components/QueueList';
import { ExportButton } from '../components/ExportButton';
import { QueueCard, ReaderText } from '../components/ReplyCard';
import { QueueSummary, StatusTabs } from '../components/QueueStatus';
import { useQueueState, when } from '../components/use-queue-state';
import { downloadCsv, toCsv } from '../reports/csv';
import { roleAtLeast } from '../session/roles';
import { useStaffIdentity } from '../session/use-staff-identity';
import {
  fetchAllRecommendations,
  useDecideRecommendations,
  useRecommendSettings,
  useRecommendationQueue,
  useSaveRecommendSettings,
  type RecItem,
  type RecOutcome,
  type RecQuery,
} from './recommendations-api';
import './recommendations.css';

await loadNamespace('adminRecommend');

const PAGE_SIZE = 20;

type Filter = { status: RecommendTab; kind: RecommendKind | ''; from: string; to: string; q: string };
const START: Filter = { status: 'unprocessed', kind: '', from: '', to: '', q: '' };

const queryOf = (f: Filter, page: number): RecQuery => ({ ...f, q: f.q.trim(), page, rows: PAGE_SIZE });

/**
 * Resource recommendations (`/admin/recommendations`): the readers' purchase suggestions by the
 * behaviour states, filtered by kind, dates and text; each moved on (processing, ordered, shelved,
 * processed with a reply, not ordered) alone or several at once — the reader is told in the inbox,
 * adopted ones earn points — and exported as CSV. Administrators set whether the library takes
 * recommendations and the daily quota per reader.
 */
export default function RecommendationsScreen() {
  const { t } = useTranslation('adminRecommend');
  const identity = useStaffIdentity();
  return (
    <AdminPage title={t('title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'queue', label: t('tabs.queue'), children: <RecommendationQueue /> },
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

/** What a decision waits for: the recommendations, and the state chosen. */
type Pending = { items: RecItem[]; status: RecommendDecision } | null;

function RecommendationQueue() {
  const { t } = useTranslation('adminRecommend');
  const queue = useQueueState<Filter, RecOutcome>(START);
  const { draft, setDraft, filter, page, selected } = queue;
  const [pending, setPending] = useState<Pending>(null);
  const answer = useRecommendationQueue(queryOf(filter, page));
  const decide = useDecideRecommendations((o) => {
    queue.settle(o);
    setPending(null);
  });
  const list = answer.data?.list ?? [];
  const chosen = list.filter((r) => selected.includes(r.id));
  // The states every chosen one can go to.
  const bulkDecisions = RECOMMEND_DECISIONS.filter(
    (d) => chosen.length && chosen.every((r) => RECOMMEND_TRANSITIONS[d].includes(r.status)),
  );

  const exportCsv = async () => {
    const { q, ...rest } = filter;
    const rows = await fetchAllRecommendations({ ...rest, q: q.trim() });
    downloadCsv(
      `recommendations-${new Date().toISOString().slice(0, 10)}.csv`,
      toCsv(
        [
          'id',
          'kind',
          'title',
          'isbn',
          'author',
          'publisher',
          'publishYear',
          'price',
          'reason',
          'note',
          'language',
          'frequency',
          'resourceName',
          'subject',
          'docTypes',
          'url',
          'reader',
          'readerName',
          'status',
          'reply',
          'held',
          'recordId',
          'createdAt',
          'decidedBy',
          'decidedAt',
        ],
        rows.map((r) => [
          r.id,
          r.kind,
          r.title,
          r.isbn,
          r.author,
          r.publisher,
          r.publishYear,
          r.price,
          r.reasonName,
          r.note,
          r.language,
          r.frequency,
          r.resourceName,
          r.subject,
          r.docTypes,
          r.url,
          r.reader,
          r.readerName,
          r.status,
          r.reply,
          r.held ? 'yes' : 'no',
          r.recordId,
          r.createdAt,
          r.decidedBy,
          r.decidedAt,
        ]),
      ),
    );
  };

  return (
    <div className="of-rec-admin">
      <StatusTabs
        label={t('filter.status')}
        statuses={RECOMMEND_TABS}
        statusText={(s) => t(`status.${s}`)}
        value={filter.status}
        counts={answer.data?.counts}
        onChange={(status) => queue.apply({ ...filter, status })}
      />

      <QueueFilters
        label={t('filter.label')}
        onSearch={queue.search}
        onReset={queue.reset}
        actions={<ExportButton onExport={exportCsv} />}
      >
        <FilterField label={t('filter.kind')}>
          <Select
            aria-label={t('filter.kind')}
            className="of-queue-field"
            value={draft.kind}
            onChange={(kind: Filter['kind']) => setDraft({ ...draft, kind })}
            options={[
              { value: '', label: t('kind.any') },
              ...RECOMMEND_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })),
            ]}
          />
        </FilterField>
        <FilterField label={t('filter.from')}>
          <Input
            className="of-queue-field"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </FilterField>
        <FilterField label={t('filter.to')}>
          <Input
            className="of-queue-field"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
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

      <QueueSummary testId="rec-admin-summary">
        {answer.data ? t('total', { count: answer.data.totalCount }) : ''}
      </QueueSummary>

      {queue.outcome ? (
        <ConflictsAlert
          title={t('conflictsTitle')}
          onClose={queue.clearOutcome}
          conflicts={queue.outcome.conflicts.map((c) => ({
            id: c.id,
            text: t('conflict', { id: c.id, status: t(`status.${c.status}`) }),
          }))}
          missing={queue.outcome.missing.map((id) => ({ id, text: t('missing', { id }) }))}
        />
      ) : null}

      {list.length ? (
        <BulkBar
          ids={list.map((r) => r.id)}
          selected={selected}
          onSelect={queue.setSelected}
          selectAllText={t('selectAll')}
          selectedText={t('selected', { count: selected.length })}
        >
          {bulkDecisions.map((d) => (
            <Button key={d} onClick={() => setPending({ items: chosen, status: d })}>
              {t(`decide.${d}`)}
            </Button>
          ))}
        </BulkBar>
      ) : null}

      <QueueList
        items={answer.data?.list}
        fetching={answer.isFetching}
        total={answer.data?.totalCount ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={queue.turnPage}
        emptyText={t('empty')}
      >
        {(r) => (
          <RecommendationItem
            key={r.id}
            rec={r}
            selected={selected.includes(r.id)}
            onSelect={(on) => queue.toggle(r.id, on)}
            onDecide={(status) => setPending({ items: [r], status })}
          />
        )}
      </QueueList>

      {pending ? (
        <DecideDialog
          pending={pending}
          busy={decide.isPending}
          onCancel={() => setPending(null)}
          onDecide={(reply, recordId) =>
            decide.mutate({
              items: pending.items.map((r) => ({ id: r.id, version: r.version })),
              status: pending.status,
              reply,
              ...(recordId ? { recordId } : {}),
            })
          }
        />
      ) : null}
    </div>
  );
}

function RecommendationItem({
  rec: r,
  selected,
  onSelect,
  onDecide,
}: {
  rec: RecItem;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onDecide: (status: RecommendDecision) => void;
}) {
  const { t } = useTranslation('adminRecommend');
  const decisions = RECOMMEND_DECISIONS.filter((d) => RECOMMEND_TRANSITIONS[d].includes(r.status));
  const details = [
    r.isbn ? `ISBN ${r.isbn}` : '',
    r.author,
    r.publisher,
    r.publishYear,
    r.price,
    r.frequency,
    r.subject,
    r.docTypes,
  ].filter(Boolean);
  const statusColour =
    r.status === 'unprocessed' ? 'orange' : r.status === 'ordered' || r.status === 'shelved' ? 'green' : undefined;
  return (
    <QueueCard
      headingId={`of-rec-a${r.id}`}
      testId="rec-admin-item"
      heading={r.title}
      tags={
        <>
          <Tag>{t(`kind.${r.kind}`)}</Tag>
          <Tag color={statusColour}>{t(`status.${r.status}`)}</Tag>
        </>
      }
      select={{ checked: selected, onChange: onSelect }}
    >
      {details.length ? <p className="of-queue-meta">{details.join(' · ')}</p> : null}
      <p className="of-queue-meta">
        {t('meta', { reader: r.reader, name: r.readerName, when: when(r.createdAt) })}
        {r.reasonName ? ` · ${t('reason', { reason: r.reasonName })}` : ''}
        {r.language ? ` · ${t(`language.${r.language}`)}` : ''}
      </p>
      {r.url ? (
        <p className="of-queue-meta">
          <a href={r.url} target="_blank" rel="noopener noreferrer nofollow">
            {r.url}
          </a>
        </p>
      ) : null}
      {r.note ? <ReaderText>{r.note}</ReaderText> : null}
      <p className="of-queue-meta">
        {r.held && r.recordId !== null ? (
          <Link to={recordPath(r.recordId)} target="_blank">
            {t('held', { recordId: r.recordId })}
          </Link>
        ) : r.kind === 'book' ? (
          t('notHeld')
        ) : null}
      </p>
      {r.reply ? (
        <p className="of-queue-meta">
          {t('replied', { reply: r.reply, who: r.decidedBy ?? '—', when: when(r.decidedAt) })}
        </p>
      ) : null}
      {decisions.length ? (
        <div className="of-queue-row">
          {decisions.map((d) => (
            <Button key={d} size="small" type={d === 'ordered' ? 'primary' : 'default'} onClick={() => onDecide(d)}>
              {t(`decide.${d}`)}
              <span className="of-visually-hidden">{`: ${r.title}`}</span>
            </Button>
          ))}
        </div>
      ) : null}
    </QueueCard>
  );
}

function DecideDialog({
  pending,
  busy,
  onCancel,
  onDecide,
}: {
  pending: NonNullable<Pending>;
  busy: boolean;
  onCancel: () => void;
  onDecide: (reply: string, recordId: number | null) => void;
}) {
  const { t } = useTranslation('adminRecommend');
  const [reply, setReply] = useState('');
  const [recordId, setRecordId] = useState<number | null>(null);
  const [error, setError] = useState('');
  const needsReply = pending.status === 'processed';
  const ok = () => {
    if (needsReply && !reply.trim()) {
      setError(t('dialog.replyRequired'));
      return;
    }
    onDecide(reply.trim(), pending.status === 'shelved' ? recordId : null);
  };
  return (
    <Modal
      open
      title={t('dialog.title', { action: t(`decide.${pending.status}`), count: pending.items.length })}
      okText={t(`decide.${pending.status}`)}
      cancelText={t('dialog.cancel')}
      confirmLoading={busy}
      onOk={ok}
      onCancel={onCancel}
    >
      <p>{pending.items.map((r) => r.title).join('、')}</p>
      <label className="of-queue-label" htmlFor="of-rec-reply">
        {needsReply ? t('dialog.replyNeeded') : t('dialog.reply')}
      </label>
      <Input.TextArea
        id="of-rec-reply"
        rows={3}
        maxLength={MAX_RECOMMEND_REPLY}
        value={reply}
        status={error ? 'error' : undefined}
        aria-describedby={error ? 'of-rec-reply-error' : undefined}
        onChange={(e) => {
          setReply(e.target.value);
          setError('');
        }}
      />
      {error ? (
        <p id="of-rec-reply-error" className="of-queue-error" role="alert">
          {error}
        </p>
      ) : null}
      {pending.status === 'shelved' ? (
        <>
          <label className="of-queue-label of-rec-record-label" htmlFor="of-rec-record">
            {t('dialog.recordId')}
          </label>
          <InputNumber id="of-rec-record" min={1} precision={0} value={recordId} onChange={(v) => setRecordId(v)} />
        </>
      ) : null}
      <p className="of-queue-help">{t('dialog.told')}</p>
    </Modal>
  );
}

function SettingsPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation('adminRecommend');
  const settings = useRecommendSettings();
  const save = useSaveRecommendSettings();
  const [draft, setDraft] = useState<{ allow: boolean; dailyQuota: number } | null>(null);
  if (!settings.data) return <Spin className="of-queue-loading" aria-label={t('loading')} />;
  const value = draft ?? settings.data;
  return (
    <form
      className="of-rec-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(value, { onSuccess: () => setDraft(null) });
      }}
    >
      <label className="of-rec-setting">
        <Switch
          checked={value.allow}
          disabled={!editable}
          onChange={(allow) => setDraft({ ...value, allow })}
          aria-describedby="of-rec-allow-help"
        />
        <span>{t('settings.allow')}</span>
      </label>
      <p id="of-rec-allow-help" className="of-queue-help">
        {t('settings.allowHelp')}
      </p>
      <label className="of-queue-label" htmlFor="of-rec-quota">
        {t('settings.quota')}
      </label>
      <InputNumber
        id="of-rec-quota"
        min={0}
        max={MAX_DAILY_RECOMMEND_QUOTA}
        precision={0}
        disabled={!editable}
        value={value.dailyQuota}
        onChange={(v) => setDraft({ ...value, dailyQuota: v ?? 0 })}
      />
      {editable ? (
        <div className="of-queue-row of-rec-settings-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!draft}>
            {t('settings.save')}
          </Button>
        </div>
      ) : (
        <p className="of-queue-help">{t('settings.adminsOnly')}</p>
      )}
    </form>
  );
}
