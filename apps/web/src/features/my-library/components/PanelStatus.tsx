import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';

/** What a panel needs to know of a query (React Query's result) to say it loads or failed. */
export interface PanelQuery {
  isPending: boolean;
  data: unknown;
  refetch: () => unknown;
}

/** Whether the query has its data (the last good answer counts: a failed refetch keeps it on screen). */
export function hasData<Q extends { data: unknown }>(query: Q): query is Q & { data: NonNullable<Q['data']> } {
  return query.data !== undefined && query.data !== null;
}

/**
 * The place of a panel (or a part of one) whose data has not come: busy while it loads, else the
 * failure in words with a retry that asks again for every query given. Use it as
 * `if (!hasData(q)) return <PanelStatus query={q} failed={t('x.loadFailed')} />`.
 */
export function PanelStatus({
  query,
  failed,
  retry = true,
  className = 'of-loans-note',
}: {
  query: PanelQuery | readonly PanelQuery[];
  /** The translated sentence that says what could not be loaded. */
  failed: string;
  /** Offer a retry button (a part of a panel whose main query has one may leave it out). */
  retry?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('myLibrary');
  const queries: readonly PanelQuery[] = Array.isArray(query) ? query : [query as PanelQuery];
  if (queries.some((q) => q.isPending)) return <p aria-busy="true" className={className} />;
  return (
    <p className={className} role="alert">
      {failed}
      {retry ? (
        <>
          {' '}
          <Button
            size="small"
            onClick={() => {
              for (const q of queries) if (!hasData(q)) void q.refetch();
            }}
          >
            {t('borrowing.retry')}
          </Button>
        </>
      ) : null}
    </p>
  );
}
