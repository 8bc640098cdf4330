import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { useListQuery } from '../../../lists';

/**
 * A home list with "change batch" (spec §9): fetches page `page` of `rows` items (its key from
 * `keyOf(page)`) and offers
 * `nextFor(total)`, the action that shows the next batch (wrapping to the first after the last),
 * undefined when one batch holds all `total` items.
 */
export function useBatchQuery<T>(
  keyOf: (page: number) => QueryKey,
  rows: number,
  fetch: (page: number, signal: AbortSignal) => Promise<T>,
) {
  const [page, setPage] = useState(1);
  const query = useListQuery(keyOf(page), (signal) => fetch(page, signal));
  const nextFor = (total: number | undefined) => {
    const pages = Math.ceil((total ?? 0) / rows);
    return pages > 1 ? () => setPage((p) => (p % pages) + 1) : undefined;
  };
  return { data: query.data, isFetching: query.isFetching, nextFor };
}
