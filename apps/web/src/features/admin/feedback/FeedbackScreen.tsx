import { useState } from 'react';
import { Button, Input, InputNumber, Select, Spin, Tabs, Tag } from 'antd';
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
import { ExportButton } from '../components/ExportButton';
import { QueueCard, ReaderText, ReplyEditor, ReplyThread, useReplyDraft } from '../components/ReplyCard';
import { StatusCounts, StatusFilter } from '../components/QueueStatus';
import { useQueueState, when } from '../components/use-queue-state';
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
  const queue = useQueueState<Filter, CloseOutcome>(START);
  const { draft, setDraft, filter, page, selected } = queue;
  const answer = useFeedbackQueue(queryOf(filter, page));
  const close = useCloseFeedback(queue.settle);
  const list = answer.data?.list;
  const byId = new Map((list ?? []).map((f) => [f.feedbackId, f]));
  const open = (list ?? []).filter((f) => f.status !== 'closed').map((f) => f.feedbackId);
  const closeIds = (ids: number[]) =>
    close.mutate({ items: ids.map((id) => ({ feedbackId: id, version: byId.get(id)?.version ?? 0 })) });

  const exportCsv = async () => {
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
  };

  return (
    <>
      <QueueFilters
        label={t('filter.label')}
        onSearch={queue.search}
        onReset={queue.reset}
        actions={<ExportButton onExport={exportCsv} testId="feedback-export" />}
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
        <StatusFilter
          withAll
          label={t('filter.status')}
          statuses={FEEDBACK_STATUSES}
          statusText={(s) => t(`status.${s}`)}
          value={draft.status}
          onChange={(status) => setDraft({ ...draft, status })}
        />
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

      <StatusCounts
        testId="feedback-summary"
        statuses={FEEDBACK_STATUSES}
        statusText={(s) => t(`status.${s}`)}
        counts={answer.data?.counts}
      />

      {queue.outcome ? (
        <ConflictsAlert
          title={t('queue.conflictsTitle')}
          onClose={queue.clearOutcome}
          conflicts={queue.outcome.conflicts.map((c) => ({
            id: c.feedbackId,
            text: t('queue.conflict', { id: c.feedbackId, status: t(`status.${c.status}`), who: c.handledBy ?? '—' }),
          }))}
          missing={queue.outcome.missing.map((id) => ({ id, text: t('queue.missing', { id }) }))}
        />
      ) : null}

      {list?.length ? (
        <BulkBar
          ids={open}
          selected={selected}
          onSelect={queue.setSelected}
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
        fetching={answer.isFetching}
        total={answer.data?.totalCount ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={queue.turnPage}
        emptyText={t('queue.empty')}
      >
        {(f) => (
          <FeedbackCard
            key={f.feedbackId}
            item={f}
            selected={selected.includes(f.feedbackId)}
            closing={close.isPending}
            onSelect={(on) => queue.toggle(f.feedbackId, on)}
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
  const draft = useReplyDraft(FEEDBACK_MAX_LENGTH.reply, feedbackLength);
  const send = useReplyFeedback(draft.clear);
  const submit = (closeToo: boolean) => {
    const reply = draft.take();
    if (reply === null || send.isPending) return;
    send.mutate({ feedbackId: f.feedbackId, version: f.version, reply, close: closeToo });
  };
  const heading = f.kind === 'question' ? f.subject : t(`category.${f.category || 'other'}`);
  const isOpen = f.status !== 'closed';
  return (
    <QueueCard
      headingId={headingId}
      testId="feedback-item"
      heading={t('queue.heading', { id: f.feedbackId, kind: t(`kind.${f.kind}`), what: heading })}
      tags={<Tag color={STATUS_COLOURS[f.status]}>{t(`status.${f.status}`)}</Tag>}
      select={
        isOpen ? { checked: selected, onChange: onSelect, label: t('queue.select', { id: f.feedbackId }) } : undefined
      }
    >
      <p className="of-queue-meta">
        {t('queue.reader', { name: f.readerName || '—', account: f.account })} · {when(f.createdAt)}
        {f.contact ? ` · ${t('queue.contact', { contact: f.contact })}` : ''}
      </p>
      {f.record ? (
        <p className="of-queue-meta">
          <Link to={recordPath(f.record.recordId)} target="_blank" rel="noreferrer">
            {t('queue.record', { title: f.record.title || `#${f.record.recordId}` })}
          </Link>
        </p>
      ) : null}
      <ReaderText>{f.content}</ReaderText>
      <ReplyThread
        replies={f.replies.map((r) => ({
          key: r.replyId,
          byline: t('queue.replyBy', { who: r.staffName, at: when(r.createdAt) }),
          body: r.body,
        }))}
      />
      {isOpen ? (
        <ReplyEditor
          id={`of-afb-reply-${f.feedbackId}`}
          draft={draft}
          label={t('reply.label')}
          help={t('reply.help')}
          testId="feedback-reply-text"
        >
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
        </ReplyEditor>
      ) : (
        <p className="of-queue-meta">
          {t(f.closedBy === 'reader' ? 'queue.closedByReader' : 'queue.closedByStaff', {
            at: when(f.closedAt),
            who: f.handledBy ?? '—',
          })}
        </p>
      )}
    </QueueCard>
  );
}

function SettingsPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation('adminFeedback');
  const settings = useFeedbackSettings();
  const save = useSaveFeedbackSettings();
  const [draft, setDraft] = useState<number | null>(null);
  if (!settings.data) return <Spin className="of-queue-loading" aria-label={t('loading')} />;
  const value = draft ?? settings.data.dailyLimit;
  return (
    <form
      className="of-afb-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ dailyLimit: value }, { onSuccess: () => setDraft(null) });
      }}
    >
      <label className="of-queue-label" htmlFor="of-afb-limit">
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
      <p id="of-afb-limit-help" className="of-queue-help">
        {t('settings.dailyLimitHelp', { max: MAX_FEEDBACK_DAILY_LIMIT })}
      </p>
      {editable ? (
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={draft === null}>
          {t('settings.save')}
        </Button>
      ) : (
        <p className="of-queue-help">{t('settings.adminsOnly')}</p>
      )}
    </form>
  );
}
