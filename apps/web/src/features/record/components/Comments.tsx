import * as Calls from '@openfind/contract/calls';
import { useState } from 'react';
import { Button, Input, message, Pagination, Rate, Skeleton } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_COMMENT_LENGTH } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { readSessionToken } from '../../../lib/session';
import { COMMENT_ROWS, useComments } from '../api/comments';
import { recordKeys } from '../query-keys';
import { RatingStars } from './RatingStars';
import { busy } from '../../../components/busy';

type Props = { recordId: number; onLoginRequired: (action: string) => void };

/** Approved comments with paging, and the form to rate and comment (needs login; comments wait for review). */
export function Comments({ recordId, onLoginRequired }: Props) {
  const { t, i18n } = useTranslation('record');
  const [page, setPage] = useState(1);
  const [content, setContent] = useState('');
  const [score, setScore] = useState(0);
  const comments = useComments(recordId, page);
  const queryClient = useQueryClient();
  const post = useMutation({
    mutationFn: () => api.call(Calls.userComment, { recordId, content, score: score || null }),
    onSuccess: (answer) => {
      setContent('');
      void message.success(answer.status === 'approved' ? t('comments.published') : t('comments.submitted'));
      void queryClient.invalidateQueries({ queryKey: recordKeys.one(recordId) });
    },
  });
  const submit = () => {
    if (!readSessionToken()) return onLoginRequired(t('comments.action'));
    if (!content.trim() && !score) return void message.warning(t('comments.empty'));
    post.mutate();
  };
  const list = comments.data?.list ?? [];
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section className="of-record-section" aria-labelledby="of-comments-title">
      <h2 id="of-comments-title" className="of-section-title">
        {t('comments.title')}
      </h2>
      <form
        className="of-comment-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="of-comment-score">
          <span id="of-score-label">{t('comments.yourScore')}</span>
          <Rate value={score} onChange={setScore} aria-labelledby="of-score-label" />
        </div>
        <label htmlFor="of-comment-text" className="of-visually-hidden">
          {t('comments.label')}
        </label>
        <Input.TextArea
          id="of-comment-text"
          value={content}
          onChange={(e) => setContent(e.target.value)}
          maxLength={MAX_COMMENT_LENGTH}
          showCount
          rows={3}
          placeholder={t('comments.placeholder')}
        />
        <Button type="primary" htmlType="submit" loading={busy(post.isPending)}>
          {t('comments.submit')}
        </Button>
      </form>
      {comments.isPending ? <Skeleton active paragraph={{ rows: 2 }} title={false} /> : null}
      {comments.isError ? <p className="of-muted">{t('comments.failed')}</p> : null}
      {comments.isSuccess && !list.length ? <p className="of-muted">{t('comments.none')}</p> : null}
      {list.length ? (
        <ul className="of-comment-list">
          {list.map((c) => (
            <li key={c.commentId}>
              <div className="of-comment-meta">
                <strong>{c.userName}</strong>
                {c.score ? <RatingStars score={c.score} count={1} compact /> : null}
                <time dateTime={c.createTime}>{dateFormat.format(new Date(c.createTime))}</time>
              </div>
              <p>{c.content}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {(comments.data?.totalCount ?? 0) > COMMENT_ROWS ? (
        <Pagination
          current={page}
          pageSize={COMMENT_ROWS}
          total={comments.data?.totalCount}
          onChange={setPage}
          showSizeChanger={false}
          size="small"
        />
      ) : null}
    </section>
  );
}
