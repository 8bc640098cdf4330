import { useState } from 'react';
import { Button, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COMMENT_STATUSES, MODERATION_ORDERS, type CommentStatus } from '@openfind/contract';
import { recordPath } from '../../../lib/record-path';
import { CommentText } from './CommentText';
import { BulkBar, FilterField, QueueFilters } from '../components/QueueFilters';
import { ConflictsAlert, QueueList } from '../components/QueueList';
import { QueueCard } from '../components/ReplyCard';
import { QueueSummary, StatusFilter } from '../components/QueueStatus';
import { useQueueState, when } from '../components/use-queue-state';
import { RejectDialog } from './RejectDialog';
import { useDecide, useQueue, type Outcome, type QueueComment, type QueueQuery } from './moderation-api';

const PAGE_SIZE = 20;

type Filter = { status: CommentStatus; order: (typeof MODERATION_ORDERS)[number]; q: string; recordId: string };
const START: Filter = { status: 'pending', order: 'oldest', q: '', recordId: '' };

/** The filter as the call takes it: a record id only when it is one. */
function queryOf(f: Filter, page: number): QueueQuery {
  const recordId = /^\d{1,10}$/.test(f.recordId.trim()) ? Number(f.recordId.trim()) : undefined;
  return { status: f.status, order: f.order, q: f.q.trim(), ...(recordId ? { recordId } : {}), page, rows: PAGE_SIZE };
}

/**
 * The queue: comments in one state (waiting first), flagged ones first with their words marked;
 * each approved or rejected on its own, or several selected at once. A comment someone else decided
 * meanwhile is reported, never overwritten (the server moves only those still in the state shown).
 */
export function CommentQueue() {
  const { t } = useTranslation('adminModeration');
  const queue = useQueueState<Filter, Outcome>(START);
  const { draft, setDraft, filter, page, selected } = queue;
  const [rejecting, setRejecting] = useState<number[]>([]);
  const answer = useQueue(queryOf(filter, page));
  const decide = useDecide((o) => {
    queue.settle(o);
    setRejecting([]);
  });
  const list = answer.data?.list ?? [];
  const from = filter.status;
  const approve = (ids: number[]) => decide.mutate({ commentIds: ids, decision: 'approve', from, reason: '' });

  return (
    <div>
      <QueueFilters label={t('filter.label')} onSearch={queue.search} onReset={queue.reset}>
        <StatusFilter
          label={t('filter.status')}
          statuses={COMMENT_STATUSES}
          statusText={(s) => t(`status.${s}`)}
          value={draft.status}
          onChange={(status) => setDraft({ ...draft, status })}
        />
        <FilterField label={t('filter.order')}>
          <Select
            aria-label={t('filter.order')}
            className="of-queue-field"
            value={draft.order}
            onChange={(order: Filter['order']) => setDraft({ ...draft, order })}
            options={MODERATION_ORDERS.map((o) => ({ value: o, label: t(`order.${o}`) }))}
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
        <FilterField label={t('filter.record')}>
          <Input
            className="of-queue-field"
            inputMode="numeric"
            value={draft.recordId}
            maxLength={10}
            onChange={(e) => setDraft({ ...draft, recordId: e.target.value })}
          />
        </FilterField>
      </QueueFilters>

      <QueueSummary testId="moderation-summary">
        {t('queue.pending', { count: answer.data?.pendingCount ?? 0 })}
        {answer.data ? ` · ${t('queue.total', { count: answer.data.totalCount })}` : ''}
      </QueueSummary>

      {queue.outcome ? (
        <ConflictsAlert
          testId="moderation-conflicts"
          title={t('queue.conflictsTitle')}
          onClose={queue.clearOutcome}
          conflicts={queue.outcome.conflicts.map((c) => ({
            id: c.commentId,
            text: t('queue.conflict', { id: c.commentId, status: t(`status.${c.status}`), who: c.moderatedBy ?? '—' }),
          }))}
          missing={queue.outcome.missing.map((id) => ({ id, text: t('queue.missing', { id }) }))}
        />
      ) : null}

      {list.length ? (
        <BulkBar
          ids={list.map((c) => c.commentId)}
          selected={selected}
          onSelect={queue.setSelected}
          selectAllText={t('queue.selectAll')}
          selectedText={t('queue.selected', { count: selected.length })}
        >
          {from !== 'approved' ? (
            <Button
              type="primary"
              disabled={!selected.length}
              loading={decide.isPending}
              onClick={() => approve(selected)}
              data-testid="moderation-approve-selected"
            >
              {t('queue.approveSelected')}
            </Button>
          ) : null}
          {from !== 'rejected' ? (
            <Button danger disabled={!selected.length} onClick={() => setRejecting(selected)}>
              {t('queue.rejectSelected')}
            </Button>
          ) : null}
        </BulkBar>
      ) : null}

      <QueueList
        items={answer.data?.list}
        fetching={answer.isFetching}
        total={answer.data?.totalCount ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={queue.turnPage}
        emptyText={t('queue.empty')}
      >
        {(c) => (
          <CommentItem
            key={c.commentId}
            comment={c}
            selected={selected.includes(c.commentId)}
            busy={decide.isPending}
            onSelect={(on) => queue.toggle(c.commentId, on)}
            onApprove={() => approve([c.commentId])}
            onReject={() => setRejecting([c.commentId])}
          />
        )}
      </QueueList>

      <RejectDialog
        count={rejecting.length}
        busy={decide.isPending}
        onCancel={() => setRejecting([])}
        onReject={(reason) => decide.mutate({ commentIds: rejecting, decision: 'reject', from, reason })}
      />
    </div>
  );
}

type ItemProps = {
  comment: QueueComment;
  selected: boolean;
  busy: boolean;
  onSelect: (on: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
};

/** One comment of the queue: record, reader, date, rating, flags, the text, its decision, the actions. */
function CommentItem({ comment: c, selected, busy, onSelect, onApprove, onReject }: ItemProps) {
  const { t } = useTranslation('adminModeration');
  const headingId = `of-mod-c${c.commentId}`;
  return (
    <QueueCard
      headingId={headingId}
      testId="moderation-item"
      className={c.flaggedWords.length ? 'of-mod-flagged' : undefined}
      heading={
        <Link to={recordPath(c.recordId)} target="_blank" rel="noopener">
          {c.title || t('queue.untitled', { id: c.recordId })}
        </Link>
      }
      select={{ checked: selected, onChange: onSelect, label: t('queue.select', { id: c.commentId }) }}
    >
      <p className="of-queue-meta">
        {t('queue.by', { name: c.readerName || '—', account: c.reader || '—' })} · {when(c.createTime)}
        {c.score !== null ? ` · ${t('queue.score', { score: c.score })}` : ''}
      </p>
      {c.flaggedWords.length ? (
        <p className="of-mod-flags">
          <Tag color="red">{t('queue.flagged')}</Tag>
          {c.flaggedWords.join('、')}
        </p>
      ) : null}
      <CommentText content={c.content} marks={c.marks} />
      {c.status !== 'pending' ? (
        <p className="of-queue-meta">
          {t('queue.decided', { status: t(`status.${c.status}`), who: c.moderatedBy ?? '—', at: when(c.moderatedAt) })}
          {c.rejectReason ? ` · ${t('queue.reason', { reason: c.rejectReason })}` : ''}
        </p>
      ) : null}
      <div className="of-queue-row">
        {c.status !== 'approved' ? (
          <Button type="primary" onClick={onApprove} disabled={busy} aria-describedby={headingId}>
            {t('queue.approve')}
          </Button>
        ) : null}
        {c.status !== 'rejected' ? (
          <Button danger onClick={onReject} disabled={busy} aria-describedby={headingId}>
            {t('queue.reject')}
          </Button>
        ) : null}
      </div>
    </QueueCard>
  );
}
