import { useState } from 'react';
import { Button, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BOOK_LIST_HIDE_REASON_MAX,
  BOOK_LIST_MODERATION_STATES,
  type BookListModerationState,
} from '@openfind/contract';
import { FilterField, QueueFilters } from '../components/QueueFilters';
import { QueueList } from '../components/QueueList';
import { QueueCard, ReaderText } from '../components/ReplyCard';
import { StatusFilter } from '../components/QueueStatus';
import { useQueueState, when } from '../components/use-queue-state';
import { RejectDialog } from './RejectDialog';
import { useReaderLists, useSetListHidden, type ReaderList } from './moderation-api';

const PAGE_SIZE = 20;

type Filter = { state: BookListModerationState; q: string };
const START: Filter = { state: 'shown', q: '' };

/**
 * Readers' public book lists (issue 29): those anyone can find now, and those staff hid. A list with an
 * offensive title or spam is hidden with the reason its reader reads (on the list and in their inbox);
 * it stays the reader's, and staff can show it again.
 */
export function ReaderListsPanel() {
  const { t } = useTranslation('adminModeration');
  const queue = useQueueState<Filter>(START);
  const { draft, setDraft, filter, page } = queue;
  const [hiding, setHiding] = useState<number | null>(null);
  const lists = useReaderLists({ state: filter.state, q: filter.q.trim(), page, rows: PAGE_SIZE });
  const change = useSetListHidden(() => setHiding(null));
  const counts = lists.data?.counts;

  return (
    <div>
      <QueueFilters label={t('lists.filter')} onSearch={queue.search} onReset={queue.reset}>
        <StatusFilter
          label={t('lists.state')}
          statuses={BOOK_LIST_MODERATION_STATES}
          statusText={(s) => t(`lists.states.${s}`)}
          value={draft.state}
          onChange={(state) => setDraft({ ...draft, state })}
        />
        <FilterField label={t('lists.words')}>
          <Input
            aria-label={t('lists.words')}
            className="of-queue-field"
            value={draft.q}
            maxLength={100}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        </FilterField>
      </QueueFilters>
      {counts ? (
        <p className="of-queue-meta" data-testid="reader-lists-counts">
          {t('lists.counts', { shown: counts.shown, hidden: counts.hidden })}
        </p>
      ) : null}
      <QueueList
        items={lists.data?.list}
        fetching={lists.isFetching}
        total={lists.data?.totalCount ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={queue.turnPage}
        emptyText={t('lists.empty')}
      >
        {(l) => (
          <ListItem
            key={l.bookListId}
            list={l}
            busy={change.isPending}
            onHide={() => setHiding(l.bookListId)}
            onShow={() => change.mutate({ bookListId: l.bookListId, reason: null })}
          />
        )}
      </QueueList>
      <RejectDialog
        kind="hide"
        count={hiding === null ? 0 : 1}
        maxLength={BOOK_LIST_HIDE_REASON_MAX}
        busy={change.isPending}
        onCancel={() => setHiding(null)}
        onReject={(reason) => hiding !== null && change.mutate({ bookListId: hiding, reason })}
      />
    </div>
  );
}

type ItemProps = { list: ReaderList; busy: boolean; onHide: () => void; onShow: () => void };

/** One reader's list: its title (opens its page), reader, size, views, last change, and whether staff hid it. */
function ListItem({ list: l, busy, onHide, onShow }: ItemProps) {
  const { t } = useTranslation('adminModeration');
  const headingId = `of-mod-l${l.bookListId}`;
  return (
    <QueueCard
      headingId={headingId}
      testId="reader-list-item"
      heading={
        <Link to={`/personalCenter/bookListDetails?id=${l.bookListId}`} target="_blank" rel="noopener">
          {l.title}
        </Link>
      }
      tags={
        <>
          {l.hidden ? <Tag color="orange">{t('lists.hiddenTag')}</Tag> : null}
          {!l.isPublic ? <Tag>{t('lists.privateTag')}</Tag> : null}
        </>
      }
    >
      <p className="of-queue-meta">
        {t('queue.by', { name: l.readerName || '—', account: l.reader || '—' })} ·{' '}
        {t('lists.size', { records: l.recordCount, views: l.viewCount })} · {when(l.updatedAt)}
      </p>
      {l.description ? <ReaderText>{l.description}</ReaderText> : null}
      {l.hidden ? (
        <p className="of-queue-meta">
          {t('lists.hiddenBy', { who: l.hiddenBy ?? '—', at: when(l.hidden.at) })} ·{' '}
          {t('queue.reason', { reason: l.hidden.reason })}
        </p>
      ) : null}
      <div className="of-queue-row">
        {l.hidden ? (
          <Button onClick={onShow} disabled={busy} aria-describedby={headingId}>
            {t('lists.show')}
          </Button>
        ) : (
          <Button danger onClick={onHide} disabled={busy} aria-describedby={headingId}>
            {t('lists.hide')}
          </Button>
        )}
      </div>
    </QueueCard>
  );
}
