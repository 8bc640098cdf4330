import type { ReactNode } from 'react';
import { Alert, Empty, Pagination, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import './queue.css';

/**
 * A page of a console queue (moderation, suggestions, donations, feedback): a spinner until the
 * first answer, then the items as an ordered list (busy while a new page loads) or the empty text,
 * and the pager when there is more than a page. The items are `QueueCard`s.
 */
export function QueueList<T>(props: {
  /** The page's items; undefined until the first answer. */
  items: T[] | undefined;
  fetching: boolean;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  emptyText: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { items } = props;
  return (
    <>
      {!items ? (
        <Spin className="of-queue-loading" aria-label={t('queue.loading')} />
      ) : items.length ? (
        <ol className="of-queue-list" aria-busy={props.fetching}>
          {items.map(props.children)}
        </ol>
      ) : (
        <Empty description={props.emptyText} />
      )}
      {items && props.total > props.pageSize ? (
        <Pagination
          className="of-queue-pages"
          current={props.page}
          pageSize={props.pageSize}
          total={props.total}
          showSizeChanger={false}
          onChange={props.onPage}
        />
      ) : null}
    </>
  );
}

/**
 * What a bulk decision could not do: the items changed meanwhile by someone else (`conflicts`, one
 * line each) and those gone (`missing`). Dismissable; never hides that work was not done.
 */
export function ConflictsAlert(props: {
  title: string;
  onClose: () => void;
  conflicts: { id: number; text: string }[];
  missing: { id: number; text: string }[];
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <Alert
      type="warning"
      showIcon
      closable={{ 'aria-label': t('queue.dismiss') }}
      onClose={props.onClose}
      title={props.title}
      description={
        <ul className="of-queue-conflicts" data-testid={props.testId}>
          {[...props.conflicts, ...props.missing].map((line) => (
            <li key={line.id}>{line.text}</li>
          ))}
        </ul>
      }
    />
  );
}
