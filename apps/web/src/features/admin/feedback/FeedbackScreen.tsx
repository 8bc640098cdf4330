import { useState } from 'react';
import { Button, Checkbox, Input, InputNumber, Select, Spin, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  FEEDBACK_KINDS,
  FEEDBACK_MAX_LENGTH,
  FEEDBACK_STATUSES,
  MAX_FEEDBACK_DAILY_LIMIT,
  MAX_FEEDBACK_EXPORT,
  feedbackLength,
  type FeedbackKind,
  type FeedbackStatus,
} from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { recordPath } from '../../../lib/record-path';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { BulkBar, FilterField, QueueFilters } from '../components/QueueFilters';
import { ConflictsAlert, QueueList } from '../components/QueueList';
import { downloadCsv, toCsv } from '../reports/csv';
import { roleAtLeast } from '../session/roles';
import { useStaffIdentity } from '../session/use-staff-identity';
import {
  exportFeedback,
  useCloseFeedback,
  useFeedbackQueue,
  useFeedbackSettings,
  useReplyFeedback,
  useSaveFeedbackSettings,
  type CloseOutcome,
  type FeedbackQuery,
  type QueueFeedback,
} from './feedback-api';
import './feedback.css';

await loadNamespace('adminFeedback');

const PAGE_SIZE = 20;

type Filter = { kind: FeedbackKind | ''; status: FeedbackStatus | ''; from: string; to: string; q: string };
const START: Filter = { kind: '', status: 'submitted', from: '', to: '', q: '' };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
const queryOf = (f: Filter, page: number): FeedbackQuery => ({ ...f, q: f.q.trim(), page, rows: PAGE_SIZE });
const STATUS_COLOURS: Record<FeedbackStatus, string> = { submitted: 'blue', replied: 'green', closed: 'default' };

/**
 * Problem feedback and e-questions (`/admin/feedback`): the readers' messages by kind, state and date,
 * those waiting first; each answered (the reader is told in the inbox), answered and closed, or
 * closed, several closed at once. A message changed meanwhile (another tab, another member of staff)
 * is reported, never answered twice. The filtered messages export as CSV. Administrators set how many
 * a reader may send in a day.
 */
export default function FeedbackScreen() {
  const { t } = useTranslation('adminFeedback');
  const identity = useStaffIdentity();
  return (
    <AdminPage title={t('title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'queue', label: t('tabs.queue'), children: <FeedbackQueueView /> },
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

function FeedbackQueueView() {
  const { t } = useTranslation('adminFeedback');
  const [draft, setDraft] = useState<Filter>(START);
  const [filter, setFilter] = useState<Filter>(START);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [outcome, setOutcome] = useState<CloseOutcome | null>(null);
  const [exporting, setExporting] = useState(false);
  const queue = useFeedbackQueue(queryOf(filter, page));
  const close = useCloseFeedback((o) => {
    setOutcome(o.conflicts.length || o.missing.length ? o : null);
    setSelected([]);
  });
  const list = queue.data?.list;
  const byId = new Map((list ?? []).map((f) => [f.feedbackId, f]));
  const open = (list ?? []).filter((f) => f.status !== 'closed').map((f) => f.feedbackId);
  const closeIds = (ids: number[]) =>
    close.mutate({ items: ids.map((id) => ({ feedbackId: id, version: byId.get(id)?.version ?? 0 })) });

  const search = () => {
    setFilter(draft);
    setPage(1);
    setSelected([]);
    setOutcome(null);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { kind, status, from, to } = filter;
      const got = await exportFeedback({ kind, status, from, to, q: filter.q.trim() });
      downloadCsv(
        t('csv.fileName'),
        toCsv(
          [
            t('csv.id'),
            t('csv.kind'),
            t('csv.category'),
            t('csv.status'),
            t('csv.createdAt'),
            t('csv.account'),
            t('csv.readerName'),
            t('csv.contact'),
            t('csv.recordId'),
            t('csv.subject'),
            t('csv.content'),
            t('csv.replies'),
            t('csv.repliedAt'),
            t('csv.closedAt'),
          ],
          got.list.map((r) => [
            r.feedbackId,
            t(`kind.${r.kind}`),
            r.category ? t(`category.${r.category}`) : '',
            t(`status.${r.status}`),
            r.createdAt,
            r.account,
            r.readerName,
            r.contact,
            r.recordId ?? '',
            r.subject,
            r.content,
            r.replies,
            r.repliedAt ?? '',
            r.closedAt ?? '',
          ]),
        ),
      );
      if (got.capped) notify('warning', t('csv.capped', { max: MAX_FEEDBACK_EXPORT }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <QueueFilters
        label={t('filter.label')}
        searchText={t('filter.search')}
        resetText={t('filter.reset')}
        onSearch={search}
        onReset={() => {
          setDraft(START);
          setFilter(START);
          setPage(1);
          setSelected([]);
        }}
        actions={
          <Button onClick={() => void exportCsv()} loading={exporting} data-testid="feedback-export">
            {t('csv.export')}
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
              { value: '', label: t('filter.all') },
              ...FEEDBACK_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })),
            ]}
          />
        </FilterField>
        <FilterField label={t('filter.status')}>
          <Select
            aria-label={t('filter.status')}
            className="of-queue-field"
            value={draft.status}
            onChange={(status: Filter['status']) => setDraft({ ...draft, status })}
            options={[
              { value: '', label: t('filter.all') },
              ...FEEDBACK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
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

      <p className="of-queue-summary" aria-live="polite" data-testid="feedback-summary">
        {queue.data
          ? FEEDBACK_STATUSES.map((s) =>
              t('summary.count', { status: t(`status.${s}`), count: queue.data.counts[s] ?? 0 }),
            ).join(' · ')
          : ''}
      </p>

      {outcome ? (
        <ConflictsAlert
          className="of-afb-conflicts"
          title={t('queue.conflictsTitle')}
          dismissText={t('queue.dismiss')}
          onClose={() => setOutcome(null)}
          conflicts={outcome.conflicts.map((c) => ({
            id: c.feedbackId,
            text: t('queue.conflict', { id: c.feedbackId, status: t(`status.${c.status}`), who: c.handledBy ?? '—' }),
          }))}
          missing={outcome.missing.map((id) => ({ id, text: t('queue.missing', { id }) }))}
        />
      ) : null}

      {list?.length ? (
        <BulkBar
          ids={open}
          selected={selected}
          onSelect={setSelected}
          selectAllText={t('queue.selectAll')}
          selectedText={t('queue.selected', { count: selected.length })}
        >
          <Button
            disabled={!selected.length}
            loading={close.isPending}
            onClick={() => closeIds(selected)}
            data-testid="feedback-bulk-close"
          >
            {t('actions.closeSelected')}
          </Button>
        </BulkBar>
      ) : null}

      <QueueList
        items={list}
        fetching={queue.isFetching}
        total={queue.data?.totalCount ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(p) => {
          setPage(p);
          setSelected([]);
        }}
        prefix="of-afb"
        loadingText={t('loading')}
        emptyText={t('queue.empty')}
      >
        {(f) => (
          <FeedbackCard
            key={f.feedbackId}
            item={f}
            selected={selected.includes(f.feedbackId)}
            closing={close.isPending}
            onSelect={(on) => setSelected((s) => (on ? [...s, f.feedbackId] : s.filter((x) => x !== f.feedbackId)))}
            onClose={() => closeIds([f.feedbackId])}
          />
        )}
      </QueueList>
    </>
  );
}

type CardProps = {
  item: QueueFeedback;
  selected: boolean;
  closing: boolean;
  onSelect: (on: boolean) => void;
  onClose: () => void;
};

/** One message: its kind, state and reader, the text, the thread, the reply form and closing. */
function FeedbackCard({ item: f, selected, closing, onSelect, onClose }: CardProps) {
  const { t } = useTranslation('adminFeedback');
  const headingId = `of-afb-f${f.feedbackId}`;
  const replyId = `of-afb-reply-${f.feedbackId}`;
  const [reply, setReply] = useState('');
  const [tried, setTried] = useState(false);
  const send = useReplyFeedback(() => {
    setReply('');
    setTried(false);
  });
  const text = reply.trim();
  const problem = !text ? 'missing' : feedbackLength(text) > FEEDBACK_MAX_LENGTH.reply ? 'tooLong' : null;
  const submit = (closeToo: boolean) => {
    setTried(true);
    if (problem || send.isPending) return;
    send.mutate({ feedbackId: f.feedbackId, version: f.version, reply: text, close: closeToo });
  };
  const heading = f.kind === 'question' ? f.subject : t(`category.${f.category || 'other'}`);
  const isOpen = f.status !== 'closed';
  return (
    <li className="of-afb-item" aria-labelledby={headingId} data-testid="feedback-item">
      <div className="of-afb-item-head">
        {isOpen ? (
          <Checkbox
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={t('queue.select', { id: f.feedbackId })}
          />
        ) : null}
        <h2 id={headingId} className="of-afb-title">
          {t('queue.heading', { id: f.feedbackId, kind: t(`kind.${f.kind}`), what: heading })}
        </h2>
        <Tag color={STATUS_COLOURS[f.status]}>{t(`status.${f.status}`)}</Tag>
      </div>
      <p className="of-afb-meta">
        {t('queue.reader', { name: f.readerName || '—', account: f.account })} · {when(f.createdAt)}
        {f.contact ? ` · ${t('queue.contact', { contact: f.contact })}` : ''}
      </p>
      {f.record ? (
        <p className="of-afb-meta">
          <Link to={recordPath(f.record.recordId)} target="_blank" rel="noreferrer">
            {t('queue.record', { title: f.record.title || `#${f.record.recordId}` })}
          </Link>
        </p>
      ) : null}
      <p className="of-afb-content">{f.content}</p>
      {f.replies.length ? (
        <ol className="of-afb-replies" aria-label={t('queue.thread')}>
          {f.replies.map((r) => (
            <li key={r.replyId}>
              <p className="of-afb-meta">{t('queue.replyBy', { who: r.staffName, at: when(r.createdAt) })}</p>
              <p className="of-afb-content">{r.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {isOpen ? (
        <div className="of-afb-reply-form">
          <label htmlFor={replyId} className="of-afb-label">
            {t('reply.label')}
          </label>
          <Input.TextArea
            id={replyId}
            value={reply}
            maxLength={FEEDBACK_MAX_LENGTH.reply}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
            aria-invalid={tried && problem !== null}
            aria-describedby={`${replyId}-help`}
            status={tried && problem ? 'error' : undefined}
            onChange={(e) => setReply(e.target.value)}
            data-testid="feedback-reply-text"
          />
          <p id={`${replyId}-help`} className={tried && problem ? 'of-afb-error' : 'of-afb-help'}>
            {tried && problem ? t(`reply.${problem}`, { max: FEEDBACK_MAX_LENGTH.reply }) : t('reply.help')}
          </p>
          <div className="of-afb-row">
            <Button
              type="primary"
              loading={send.isPending}
              aria-describedby={headingId}
              onClick={() => submit(false)}
              data-testid="feedback-reply"
            >
              {t('actions.reply')}
            </Button>
            <Button
              disabled={send.isPending}
              aria-describedby={headingId}
              onClick={() => submit(true)}
              data-testid="feedback-reply-close"
            >
              {t('actions.replyClose')}
            </Button>
            <Button disabled={closing} aria-describedby={headingId} onClick={onClose} data-testid="feedback-close">
              {t('actions.close')}
            </Button>
          </div>
        </div>
      ) : (
        <p className="of-afb-meta">
          {t(f.closedBy === 'reader' ? 'queue.closedByReader' : 'queue.closedByStaff', {
            at: when(f.closedAt),
            who: f.handledBy ?? '—',
          })}
        </p>
      )}
    </li>
  );
}

function SettingsPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation('adminFeedback');
  const settings = useFeedbackSettings();
  const save = useSaveFeedbackSettings();
  const [draft, setDraft] = useState<number | null>(null);
  if (!settings.data) return <Spin className="of-afb-loading" aria-label={t('loading')} />;
  const value = draft ?? settings.data.dailyLimit;
  return (
    <form
      className="of-afb-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ dailyLimit: value }, { onSuccess: () => setDraft(null) });
      }}
    >
      <label className="of-afb-label" htmlFor="of-afb-limit">
        {t('settings.dailyLimit')}
      </label>
      <InputNumber
        id="of-afb-limit"
        min={0}
        max={MAX_FEEDBACK_DAILY_LIMIT}
        precision={0}
        disabled={!editable}
        value={value}
        aria-describedby="of-afb-limit-help"
        onChange={(v) => setDraft(v ?? 0)}
      />
      <p id="of-afb-limit-help" className="of-afb-help">
        {t('settings.dailyLimitHelp', { max: MAX_FEEDBACK_DAILY_LIMIT })}
      </p>
      {editable ? (
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={draft === null}>
          {t('settings.save')}
        </Button>
      ) : (
        <p className="of-afb-help">{t('settings.adminsOnly')}</p>
      )}
    </form>
  );
}
