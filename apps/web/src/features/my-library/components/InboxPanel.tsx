import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxMessage } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { Pagination } from '../../../components/Pagination';
import { notify } from '../../../lib/antd';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { loadNamespace } from '../../lang';
import {
  INBOX_ROWS,
  useDeleteAllMessages,
  useDeleteMessages,
  useInboxMessage,
  useInboxPage,
  useMarkRead,
} from '../api/inbox';
import { batchIds, newestId } from '../inbox-selection';
import { localDateTime } from '../points-format';
import { useSelection } from '../use-selection';
import { PanelStatus, hasData } from './PanelStatus';
import { SelectAll } from './SelectAll';
import '../inbox.css';

// Its texts load with the panel (its own chunk: My Library's entry 13 only).
await loadNamespace('inbox');

/**
 * The inbox (My Library key 13): the library's notices and what the portal tells the reader
 * (reminders, requests, comments, codes), newest first, the unread ones marked. Opening a message
 * shows it whole and marks it read; rows chosen are marked read or deleted together (spec §5:
 * select one row before batch actions); "delete all" asks first. The header's count follows.
 */
export default function InboxPanel() {
  const { t } = useTranslation('inbox');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { selected, toggle, setAll } = useSelection();
  const inbox = useInboxPage(unreadOnly, page);
  const markRead = useMarkRead();
  const remove = useDeleteMessages();
  const removeAll = useDeleteAllMessages();
  const filterId = useId();
  // The newest message the reader has seen listed: "all" acts on it and older ones only.
  const newest = useRef<number | undefined>(undefined);
  const list = inbox.data?.list;
  useEffect(() => {
    newest.current = newestId(newest.current, list ?? []);
  }, [list]);

  const ids = useMemo(() => (list ?? []).map((m) => m.messageId), [list]);
  if (!hasData(inbox)) return <PanelStatus query={inbox} failed={t('loadFailed')} />;
  const { totalCount, unreadCount } = inbox.data;
  const lastPage = Math.max(1, Math.ceil(totalCount / INBOX_ROWS));
  if (page > lastPage) setPage(lastPage);

  const chosen = () => {
    const batch = batchIds(selected, ids);
    if (!batch.length) notify('warning', t('selectFirst'));
    return batch;
  };
  const done = ({ message }: { message: string }) => {
    setAll([]);
    notify('success', message);
  };

  return (
    <div className="of-inbox">
      <p className="of-loans-count" aria-live="polite">
        {t('count', { count: totalCount, unread: unreadCount })}
      </p>
      <div className="of-inbox-toolbar">
        <label htmlFor={filterId} className="of-loans-check">
          <input
            id={filterId}
            type="checkbox"
            checked={unreadOnly}
            onChange={(e) => {
              setUnreadOnly(e.target.checked);
              setPage(1);
              setAll([]);
            }}
          />
          {t('unreadOnly')}
        </label>
        {ids.length ? <SelectAll ids={ids} selected={selected} setAll={setAll} label={t('selectAll')} /> : null}
        <div className="of-inbox-actions">
          <Button
            size="small"
            busy={markRead.isPending}
            onClick={() => {
              const batch = chosen();
              if (batch.length) markRead.mutate({ messageIds: batch }, { onSuccess: done });
            }}
          >
            {t('markRead')}
          </Button>
          <Button
            size="small"
            busy={remove.isPending}
            onClick={() => {
              const batch = chosen();
              if (batch.length) remove.mutate(batch, { onSuccess: done });
            }}
          >
            {t('delete')}
          </Button>
          {unreadCount > 0 ? (
            <Button
              size="small"
              busy={markRead.isPending}
              onClick={() =>
                markRead.mutate(newest.current === undefined ? { all: true } : { all: true, upToId: newest.current }, {
                  onSuccess: done,
                })
              }
            >
              {t('markAllRead')}
            </Button>
          ) : null}
          {totalCount > 0 && !unreadOnly ? (
            confirming ? (
              <div className="of-inbox-confirm" role="group" aria-label={t('deleteAllQuestion', { count: totalCount })}>
                <Button
                  size="small"
                  variant="primary"
                  busy={removeAll.isPending}
                  onClick={() =>
                    removeAll.mutate(newest.current, {
                      onSuccess: (r) => {
                        setPage(1);
                        done(r);
                      },
                      onSettled: () => setConfirming(false),
                    })
                  }
                >
                  {t('deleteAllConfirm', { count: totalCount })}
                </Button>
                <Button size="small" onClick={() => setConfirming(false)}>
                  {t('keep')}
                </Button>
              </div>
            ) : (
              <Button size="small" onClick={() => setConfirming(true)}>
                {t('deleteAll')}
              </Button>
            )
          ) : null}
        </div>
      </div>
      {list && list.length ? (
        <ul className="of-inbox-list">
          {list.map((m) => (
            <MessageRow
              key={m.messageId}
              message={m}
              isOpen={openId === m.messageId}
              isSelected={selected.has(m.messageId)}
              onSelect={(on) => toggle(m.messageId, on)}
              onToggle={() => {
                const opening = openId !== m.messageId;
                setOpenId(opening ? m.messageId : null);
                if (opening && !m.read) markRead.mutate({ messageIds: [m.messageId] });
              }}
            />
          ))}
        </ul>
      ) : (
        <p className="of-loans-note">{unreadOnly ? t('emptyUnread') : t('empty')}</p>
      )}
      {totalCount > INBOX_ROWS ? (
        <Pagination
          current={page}
          pageSize={INBOX_ROWS}
          total={totalCount}
          hrefOf={() => '#'}
          onChange={(p) => {
            setPage(p);
            setAll([]);
          }}
          label={t('pages')}
        />
      ) : null}
    </div>
  );
}

function MessageRow({
  message: m,
  isOpen,
  isSelected,
  onSelect,
  onToggle,
}: {
  message: InboxMessage;
  isOpen: boolean;
  isSelected: boolean;
  onSelect: (on: boolean) => void;
  onToggle: () => void;
}) {
  const { t } = useTranslation('inbox');
  const checkId = useId();
  const bodyId = useId();
  return (
    <li className={`of-inbox-row${m.read ? '' : ' is-unread'}`} data-testid="inbox-message">
      <input
        id={checkId}
        type="checkbox"
        className="of-inbox-check"
        checked={isSelected}
        onChange={(e) => onSelect(e.target.checked)}
        aria-label={t('selectRow', { subject: m.subject })}
      />
      <div className="of-inbox-main">
        <button
          type="button"
          className="of-inbox-subject"
          aria-expanded={isOpen}
          aria-controls={isOpen ? bodyId : undefined}
          onClick={onToggle}
        >
          {m.read ? null : <span className="of-inbox-unread">{t('unread')}</span>}
          <span className="of-inbox-subject-text">{m.subject || t('noSubject')}</span>
        </button>
        <p className="of-inbox-meta">
          <span className={`of-inbox-source is-${m.source}`}>{t(`source.${m.source}`)}</span>
          <time dateTime={m.createdAt}>{localDateTime(m.createdAt)}</time>
        </p>
        {isOpen ? <MessageBody id={bodyId} messageId={m.messageId} /> : <p className="of-inbox-preview">{m.preview}</p>}
      </div>
    </li>
  );
}

function MessageBody({ id, messageId }: { id: string; messageId: number }) {
  const { t } = useTranslation('inbox');
  const message = useInboxMessage(messageId);
  const html = message.data?.format === 'html' ? message.data.body : null;
  const clean = useMemo(() => (html === null ? '' : sanitizeHtml(html)), [html]);
  if (!hasData(message))
    return (
      <div id={id}>
        <PanelStatus query={message} failed={t('bodyFailed')} />
      </div>
    );
  return html === null ? (
    <div id={id} className="of-inbox-body is-text">
      {message.data.body}
    </div>
  ) : (
    <div id={id} className="of-inbox-body of-rich-text" dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
