import type { ReactNode } from 'react';
import { Alert, Empty, Pagination, Spin } from 'antd';

/**
 * A page of a console queue (moderation, suggestions, donations, feedback): a spinner until the
 * first answer, then the items as an ordered list (busy while a new page loads) or the empty text,
 * and the pager when there is more than a page. `prefix` names the queue's classes
 * (`<prefix>-loading`, `-list`, `-pages`).
 */
export function QueueList<T>(props: {
  /** The page's items; undefined until the first answer. */
  items: T[] | undefined;
  fetching: boolean;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  prefix: string;
  loadingText: string;
  emptyText: string;
  children: (item: T) => ReactNode;
}) {
  const { items, prefix } = props;
  return (
    <>
      {!items ? (
        <Spin className={`${prefix}-loading`} aria-label={props.loadingText} />
      ) : items.length ? (
        <ol className={`${prefix}-list`} aria-busy={props.fetching}>
          {items.map(props.children)}
        </ol>
      ) : (
        <Empty description={props.emptyText} />
      )}
      {items && props.total > props.pageSize ? (
        <Pagination
          className={`${prefix}-pages`}
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
  dismissText: string;
  onClose: () => void;
  conflicts: { id: number; text: string }[];
  missing: { id: number; text: string }[];
  className: string;
  testId?: string;
}) {
  return (
    <Alert
      type="warning"
      showIcon
      closable={{ 'aria-label': props.dismissText }}
      onClose={props.onClose}
      title={props.title}
      description={
        <ul className={props.className} data-testid={props.testId}>
          {[...props.conflicts, ...props.missing].map((line) => (
            <li key={line.id}>{line.text}</li>
          ))}
        </ul>
      }
    />
  );
}
