import { useState } from 'react';
import { Button, Input, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DONATION_FROM,
  DONATION_MAX_LENGTH,
  DONATION_STATUSES,
  MAX_DONATION_EXPORT,
  type DonationDecision as Decision,
  type DonationStatus,
} from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { BulkBar, FilterField, QueueFilters } from '../components/QueueFilters';
import { ConflictsAlert, QueueList } from '../components/QueueList';
import { ExportButton } from '../components/ExportButton';
import { QueueCard } from '../components/ReplyCard';
import { StatusCounts, StatusFilter } from '../components/QueueStatus';
import { useQueueState, when } from '../components/use-queue-state';
import { downloadCsv, toCsv } from '../reports/csv';
import {
  exportDonations,
  useDecideDonations,
  useDonationQueue,
  type DecisionOutcome,
  type DonationQuery,
  type QueueDonation,
} from './donations-api';
import './donations.css';

await loadNamespace('adminDonations');

const PAGE_SIZE = 20;

type Filter = { status: DonationStatus | ''; q: string };
const START: Filter = { status: 'submitted', q: '' };

const queryOf = (f: Filter, page: number): DonationQuery => ({
  status: f.status,
  q: f.q.trim(),
  page,
  rows: PAGE_SIZE,
});
const canMove = (status: DonationStatus, to: Decision) => DONATION_FROM[to].includes(status);
const STATUS_COLOURS: Record<DonationStatus, string> = {
  submitted: 'blue',
  received: 'cyan',
  accepted: 'green',
  declined: 'default',
  cancelled: 'default',
};

/**
 * Book donations (`/admin/donations`): the readers' offers by state, oldest waiting first; each, or
 * several selected, marked received, accepted or declined with a reply the reader reads (in My
 * Library and the inbox). A donation changed meanwhile (another tab, another member of staff) is
 * reported, never overwritten. The filtered donations export as CSV, one row per book.
 */
export default function DonationsScreen() {
  const { t } = useTranslation('adminDonations');
  const queue = useQueueState<Filter, DecisionOutcome>(START);
  const { draft, setDraft, filter, page, selected } = queue;
  const [deciding, setDeciding] = useState<{ to: Decision; ids: number[] } | null>(null);
  const answer = useDonationQueue(queryOf(filter, page));
  const decide = useDecideDonations((o) => {
    queue.settle(o);
    setDeciding(null);
  });
  const list = answer.data?.list ?? [];
  const byId = new Map(list.map((d) => [d.donationId, d]));

  const send = (to: Decision, ids: number[], reply: string) =>
    decide.mutate({
      to,
      reply,
      donations: ids.map((id) => ({ donationId: id, version: byId.get(id)?.version ?? 0 })),
    });
  const selectedRows = selected.map((id) => byId.get(id)).filter((d): d is QueueDonation => Boolean(d));

  const exportCsv = async () => {
    const got = await exportDonations({ status: filter.status, q: filter.q.trim() });
    const header = [
      t('csv.id'),
      t('csv.status'),
      t('csv.createdAt'),
      t('csv.decidedAt'),
      t('csv.account'),
      t('csv.readerName'),
      t('csv.donorName'),
      t('csv.phone'),
      t('csv.email'),
      t('csv.delivery'),
      t('csv.title'),
      t('csv.isbn'),
      t('csv.author'),
      t('csv.copies'),
      t('csv.reply'),
    ];
    downloadCsv(
      t('csv.fileName'),
      toCsv(
        header,
        got.list.map((r) => [
          r.donationId,
          t(`status.${r.status}`),
          r.createdAt,
          r.decidedAt ?? '',
          r.account,
          r.readerName,
          r.anonymous ? t('anonymous') : r.donorName,
          r.contactPhone,
          r.contactEmail,
          t(`delivery.${r.delivery}`),
          r.title,
          r.isbn,
          r.author,
          r.copies,
          r.reply,
        ]),
      ),
    );
    if (got.capped) notify('warning', t('csv.capped', { max: MAX_DONATION_EXPORT }));
  };

  return (
    <AdminPage title={t('title')} extra={<ExportButton onExport={exportCsv} testId="donations-export" />}>
      <QueueFilters label={t('filter.label')} onSearch={queue.search} onReset={queue.reset}>
        <StatusFilter
          withAll
          label={t('filter.status')}
          statuses={DONATION_STATUSES}
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
        testId="donations-summary"
        statuses={DONATION_STATUSES}
        statusText={(s) => t(`status.${s}`)}
        counts={answer.data?.counts}
      />

      {queue.outcome ? (
        <ConflictsAlert
          title={t('queue.conflictsTitle')}
          onClose={queue.clearOutcome}
          conflicts={queue.outcome.conflicts.map((c) => ({
            id: c.donationId,
            text: t('queue.conflict', { id: c.donationId, status: t(`status.${c.status}`), who: c.handledBy ?? '—' }),
          }))}
          missing={queue.outcome.missing.map((id) => ({ id, text: t('queue.missing', { id }) }))}
        />
      ) : null}

      {list.length ? (
        <BulkBar
          ids={list.map((d) => d.donationId)}
          selected={selected}
          onSelect={queue.setSelected}
          selectAllText={t('queue.selectAll')}
          selectedText={t('queue.selected', { count: selected.length })}
        >
          {(['received', 'accepted', 'declined'] as const).map((to) => (
            <Button
              key={to}
              type={to === 'accepted' ? 'primary' : 'default'}
              danger={to === 'declined'}
              disabled={!selectedRows.some((d) => canMove(d.status, to))}
              onClick={() =>
                setDeciding({ to, ids: selectedRows.filter((d) => canMove(d.status, to)).map((d) => d.donationId) })
              }
              data-testid={`donations-bulk-${to}`}
            >
              {t(`actions.${to}Selected`)}
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
        emptyText={t('queue.empty')}
      >
        {(d) => (
          <DonationCard
            key={d.donationId}
            donation={d}
            selected={selected.includes(d.donationId)}
            busy={decide.isPending}
            onSelect={(on) => queue.toggle(d.donationId, on)}
            onDecide={(to) => setDeciding({ to, ids: [d.donationId] })}
          />
        )}
      </QueueList>

      <DecideDialog
        deciding={deciding}
        busy={decide.isPending}
        onCancel={() => setDeciding(null)}
        onDecide={(reply) => deciding && send(deciding.to, deciding.ids, reply)}
      />
    </AdminPage>
  );
}

type CardProps = {
  donation: QueueDonation;
  selected: boolean;
  busy: boolean;
  onSelect: (on: boolean) => void;
  onDecide: (to: Decision) => void;
};

/** One donation: its number and state, the reader, the contact, the books, the note and reply, the actions. */
function DonationCard({ donation: d, selected, busy, onSelect, onDecide }: CardProps) {
  const { t } = useTranslation('adminDonations');
  const headingId = `of-adon-d${d.donationId}`;
  return (
    <QueueCard
      headingId={headingId}
      testId="donation-item"
      heading={t('queue.heading', { id: d.donationId, copies: d.copies })}
      tags={<Tag color={STATUS_COLOURS[d.status]}>{t(`status.${d.status}`)}</Tag>}
      select={{ checked: selected, onChange: onSelect, label: t('queue.select', { id: d.donationId }) }}
    >
      <p className="of-queue-meta">
        {t('queue.reader', { name: d.readerName || '—', account: d.account })} · {when(d.createdAt)} ·{' '}
        {t(`delivery.${d.delivery}`)}
      </p>
      <p className="of-queue-meta">
        {t('queue.shownAs', { name: d.anonymous ? t('anonymous') : d.donorName })} ·{' '}
        {[d.contactPhone, d.contactEmail].filter(Boolean).join(' / ')}
      </p>
      <ol className="of-adon-books">
        {d.items.map((i, n) => (
          <li key={n}>
            《{i.title}》{i.author ? ` ${i.author}` : ''}
            {i.isbn ? ` · ISBN ${i.isbn}` : ''} · {t('queue.copies', { count: i.copies })}
          </li>
        ))}
      </ol>
      {d.note ? <p className="of-queue-meta of-adon-note">{t('queue.note', { note: d.note })}</p> : null}
      {d.reply || d.handledBy ? (
        <p className="of-queue-meta">
          {d.reply ? t('queue.reply', { reply: d.reply }) : ''}
          {d.handledBy ? ` ${t('queue.handledBy', { who: d.handledBy, at: when(d.decidedAt ?? d.receivedAt) })}` : ''}
        </p>
      ) : null}
      <div className="of-queue-row">
        {(['received', 'accepted', 'declined'] as const)
          .filter((to) => canMove(d.status, to))
          .map((to) => (
            <Button
              key={to}
              type={to === 'accepted' ? 'primary' : 'default'}
              danger={to === 'declined'}
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => onDecide(to)}
              data-testid={`donation-${to}`}
            >
              {t(`actions.${to}`)}
            </Button>
          ))}
      </div>
    </QueueCard>
  );
}

/** Asks the reply of a decision (the reader reads it); declining needs one. */
function DecideDialog({
  deciding,
  busy,
  onDecide,
  onCancel,
}: {
  deciding: { to: Decision; ids: number[] } | null;
  busy: boolean;
  onDecide: (reply: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('adminDonations');
  const [reply, setReply] = useState('');
  const [tried, setTried] = useState(false);
  const to = deciding?.to ?? 'received';
  const missing = to === 'declined' && !reply.trim();
  return (
    <Modal
      open={deciding !== null}
      title={t(`dialog.${to}`, { count: deciding?.ids.length ?? 0 })}
      okText={t(`actions.${to}`)}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ loading: busy, danger: to === 'declined' }}
      destroyOnHidden
      afterClose={() => {
        setReply('');
        setTried(false);
      }}
      onCancel={onCancel}
      onOk={() => {
        setTried(true);
        if (!missing) onDecide(reply.trim());
      }}
    >
      <label htmlFor="of-adon-reply" className="of-queue-label">
        {t(to === 'declined' ? 'dialog.replyRequired' : 'dialog.reply')}
      </label>
      <Input.TextArea
        id="of-adon-reply"
        value={reply}
        maxLength={DONATION_MAX_LENGTH.reply}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        aria-describedby="of-adon-reply-help"
        aria-invalid={tried && missing}
        status={tried && missing ? 'error' : undefined}
        onChange={(e) => setReply(e.target.value)}
      />
      <p id="of-adon-reply-help" className={tried && missing ? 'of-queue-error' : 'of-queue-help'}>
        {tried && missing ? t('dialog.missing') : t('dialog.help')}
      </p>
    </Modal>
  );
}
