import type { ReactNode } from 'react';
import { Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPager } from './ListPager';

/** What ListState needs of a list query (a TanStack Query result). */
type ListQuery = { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
/** Paging under the list. */
type Paging = { page: number; pageSize: number; total: number; onChange: (page: number) => void };

type Props = { query: ListQuery; isEmpty: boolean; paging: Paging; children: ReactNode };

/** Loading, failed (with the server's message and a retry) and empty states of a list, then the list and its pager (spec §8). */
export function ListState({ query, isEmpty, paging, children }: Props) {
  const { t } = useTranslation('lists');
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError) {
    // The failed list is not kept on screen (spec §8: failures clear the related state).
    return (
      <div className="of-list-failed" role="alert">
        <p>{t('state.failed')}</p>
        {query.error?.message ? <p className="of-muted">{query.error.message}</p> : null}
        <Button onClick={() => void query.refetch()}>{t('state.retry')}</Button>
      </div>
    );
  }
  if (isEmpty) return <Empty description={t('state.empty')} />;
  return (
    <>
      {children}
      <ListPager {...paging} />
    </>
  );
}
