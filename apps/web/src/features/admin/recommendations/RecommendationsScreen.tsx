import { useState } from 'react';
import { Button, Checkbox, Input, InputNumber, Modal, Select, Spin, Switch, Tabs, Tag } from 'antd';
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
import '../moderation/moderation.css';
import './recommendations.css';

await loadNamespace('adminRecommend');

const PAGE_SIZE = 20;

type Filter = { status: RecommendTab; kind: RecommendKind | ''; from: string; to: string; q: string };
const START: Filter = { status: 'unprocessed', kind: '', from: '', to: '', q: '' };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
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
  const [draft, setDraft] = useState<Filter>(START);
  const [filter, setFilter] = useState<Filter>(START);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [pending, setPending] = useState<Pending>(null);
  const [outcome, setOutcome] = useState<RecOutcome | null>(null);
  const [exporting, setExporting] = useState(false);
  const queue = useRecommendationQueue(queryOf(filter, page));
  const decide = useDecideRecommendations((o) => {
    setOutcome(o.conflicts.length || o.missing.length ? o : null);
    setSelected([]);
    setPending(null);
  });
  const list = queue.data?.list ?? [];
  const chosen = list.filter((r) => selected.includes(r.id));

  const apply = (f: Filter) => {
    setFilter(f);
    setPage(1);
    setSelected([]);
    setOutcome(null);
  };
  const search = () => {
    apply(draft);
  };
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  // The states every chosen one can go to.
  const bulkDecisions = RECOMMEND_DECISIONS.filter(
    (d) => chosen.length && chosen.every((r) => RECOMMEND_TRANSITIONS[d].includes(r.status)),
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
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
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="of-mod-queue of-rec-admin">
      <div role="group" aria-label={t('filter.status')} className="of-rec-admin-tabs">
        {RECOMMEND_TABS.map((key) => (
          <Button
            key={key}
            type={filter.status === key ? 'primary' : 'default'}
            aria-pressed={filter.status === key}
            onClick={() => {
              const next = { ...filter, status: key };
              setDraft(next);
              apply(next);
            }}
          >
            {t(`status.${key}`)}
            <span className="of-rec-admin-count">{queue.data?.counts[key] ?? 0}</span>
          </Button>
        ))}
      </div>

      <QueueFilters
        label={t('filter.label')}
        searchText={t('filter.search')}
        resetText={t('filter.reset')}
        onSearch={search}
        onReset={() => {
          setDraft(START);
          apply(START);
        }}
        actions={
          <Button onClick={() => void exportCsv()} loading={exporting}>
            {t('export')}
          </Button>
        }
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

      <p className="of-queue-summary" aria-live="polite" data-testid="rec-admin-summary">
        {queue.data ? t('total', { count: queue.data.totalCount }) : ''}
      </p>

      {outcome ? (
        <ConflictsAlert
          className="of-mod-conflicts"
          title={t('conflictsTitle')}
          dismissText={t('dismiss')}
          onClose={() => setOutcome(null)}
          conflicts={outcome.conflicts.map((c) => ({
            id: c.id,
            text: t('conflict', { id: c.id, status: t(`status.${c.status}`) }),
          }))}
          missing={outcome.missing.map((id) => ({ id, text: t('missing', { id }) }))}
        />
      ) : null}

      {list.length ? (
        <BulkBar
          ids={list.map((r) => r.id)}
          selected={selected}
          onSelect={setSelected}
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
        prefix="of-mod"
        items={queue.data?.list}
        fetching={queue.isFetching}
        total={queue.data?.totalCount ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(p) => {
          setPage(p);
          setSelected([]);
        }}
        loadingText={t('loading')}
        emptyText={t('empty')}
      >
        {(r) => (
          <RecommendationItem
            key={r.id}
            rec={r}
            selected={selected.includes(r.id)}
            onSelect={(on) => toggle(r.id, on)}
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
  const headingId = `of-rec-a${r.id}`;
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
  return (
    <li className="of-mod-item" aria-labelledby={headingId} data-testid="rec-admin-item">
      <div className="of-mod-item-head">
        <Checkbox checked={selected} onChange={(e) => onSelect(e.target.checked)} aria-labelledby={headingId} />
        <h2 id={headingId} className="of-mod-title">
          {r.title}
        </h2>
        <Tag>{t(`kind.${r.kind}`)}</Tag>
        <Tag
          color={
            r.status === 'unprocessed'
              ? 'orange'
              : r.status === 'ordered' || r.status === 'shelved'
                ? 'green'
                : undefined
          }
        >
          {t(`status.${r.status}`)}
        </Tag>
      </div>
      {details.length ? <p className="of-mod-meta">{details.join(' · ')}</p> : null}
      <p className="of-mod-meta">
        {t('meta', { reader: r.reader, name: r.readerName, when: when(r.createdAt) })}
        {r.reasonName ? ` · ${t('reason', { reason: r.reasonName })}` : ''}
        {r.language ? ` · ${t(`language.${r.language}`)}` : ''}
      </p>
      {r.url ? (
        <p className="of-mod-meta">
          <a href={r.url} target="_blank" rel="noopener noreferrer nofollow">
            {r.url}
          </a>
        </p>
      ) : null}
      {r.note ? <p className="of-mod-content">{r.note}</p> : null}
      <p className="of-mod-meta">
        {r.held && r.recordId !== null ? (
          <Link to={recordPath(r.recordId)} target="_blank">
            {t('held', { recordId: r.recordId })}
          </Link>
        ) : r.kind === 'book' ? (
          t('notHeld')
        ) : null}
      </p>
      {r.reply ? (
        <p className="of-mod-meta">
          {t('replied', { reply: r.reply, who: r.decidedBy ?? '—', when: when(r.decidedAt) })}
        </p>
      ) : null}
      {decisions.length ? (
        <div className="of-mod-actions">
          {decisions.map((d) => (
            <Button key={d} size="small" type={d === 'ordered' ? 'primary' : 'default'} onClick={() => onDecide(d)}>
              {t(`decide.${d}`)}
              <span className="of-visually-hidden">{`: ${r.title}`}</span>
            </Button>
          ))}
        </div>
      ) : null}
    </li>
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
      <label className="of-mod-label" htmlFor="of-rec-reply">
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
        <p id="of-rec-reply-error" className="of-mod-error" role="alert">
          {error}
        </p>
      ) : null}
      {pending.status === 'shelved' ? (
        <>
          <label className="of-mod-label of-rec-record-label" htmlFor="of-rec-record">
            {t('dialog.recordId')}
          </label>
          <InputNumber id="of-rec-record" min={1} precision={0} value={recordId} onChange={(v) => setRecordId(v)} />
        </>
      ) : null}
      <p className="of-mod-help">{t('dialog.told')}</p>
    </Modal>
  );
}

function SettingsPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation('adminRecommend');
  const settings = useRecommendSettings();
  const save = useSaveRecommendSettings();
  const [draft, setDraft] = useState<{ allow: boolean; dailyQuota: number } | null>(null);
  if (!settings.data) return <Spin className="of-mod-loading" aria-label={t('loading')} />;
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
      <p id="of-rec-allow-help" className="of-mod-help">
        {t('settings.allowHelp')}
      </p>
      <label className="of-mod-label" htmlFor="of-rec-quota">
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
        <div className="of-mod-filter-actions of-rec-settings-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!draft}>
            {t('settings.save')}
          </Button>
        </div>
      ) : (
        <p className="of-mod-help">{t('settings.adminsOnly')}</p>
      )}
    </form>
  );
}
