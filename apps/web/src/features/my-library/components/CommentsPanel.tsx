import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyComment } from '@openfind/contract';
import { Pagination } from '../../../components/Pagination';
import { recordPath } from '../../../lib/record-path';
import { COMMENT_ROWS, useMyComments } from '../api/comments';
import { localDateTime } from '../points-format';
import { PanelStatus, hasData } from './PanelStatus';

/** My comments (key 17): the reader's comments, newest first, waiting, shown, or not shown and why. */
export function CommentsPanel() {
  const { t } = useTranslation('myLibrary');
  const [page, setPage] = useState(1);
  const comments = useMyComments(page);
  if (!hasData(comments)) return <PanelStatus query={comments} failed={t('comments.loadFailed')} />;
  const { list, totalCount } = comments.data;
  if (!list.length) return <p className="of-loans-note">{t('comments.empty')}</p>;
  return (
    <div className="of-my-comments">
      <p className="of-loans-count">{t('comments.count', { count: totalCount })}</p>
      <ul className="of-points-list">
        {list.map((c) => (
          <CommentRow key={c.commentId} comment={c} />
        ))}
      </ul>
      <Pagination
        current={page}
        pageSize={COMMENT_ROWS}
        total={totalCount}
        hrefOf={() => '#'}
        onChange={setPage}
        label={t('comments.pages')}
      />
    </div>
  );
}

function CommentRow({ comment: c }: { comment: MyComment }) {
  const { t } = useTranslation('myLibrary');
  return (
    <li className="of-points-entry of-my-comment" data-testid="my-comment">
      <div className="of-points-what">
        <p className="of-points-name">
          <Link to={recordPath(c.recordId)}>{c.title}</Link>
        </p>
        <p className="of-my-comment-text">{c.content}</p>
        <p className="of-points-meta">
          <time dateTime={c.createTime}>{localDateTime(c.createTime)}</time>
        </p>
        {c.status === 'rejected' && c.rejectReason ? (
          <p className="of-my-comment-reason">{t('comments.reason', { reason: c.rejectReason })}</p>
        ) : null}
      </div>
      <span className={`of-my-comment-status is-${c.status}`}>{t(`comments.status.${c.status}`)}</span>
    </li>
  );
}
