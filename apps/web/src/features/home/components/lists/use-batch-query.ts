import { useState } from 'react';

/**
 * "Change batch" (spec §9): pages through a list `rows` at a time, wrapping to the first batch after
 * the last. `nextFor(total)` is the action for a list of `total` items, undefined when one batch holds all.
 */
export function useBatches(rows: number) {
  const [page, setPage] = useState(1);
  const nextFor = (total: number | undefined) => {
    const pages = Math.ceil((total ?? 0) / rows);
    return pages > 1 ? () => setPage((p) => (p % pages) + 1) : undefined;
  };
  return { page, nextFor };
}
