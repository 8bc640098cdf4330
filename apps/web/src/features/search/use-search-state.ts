import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseSearchParams, toSearchParams } from '@openfind/contract';
import type { SearchState } from '@openfind/contract';

/**
 * The search in the address bar now. A control that changes one part of the search builds on this,
 * not on the state of its last render: two changes in quick succession (sort, then page size) must
 * not drop the first, which the address holds already while React has not drawn it yet.
 */
export function latestSearchState(): SearchState {
  return parseSearchParams(new URLSearchParams(window.location.search));
}

/** The search held in the page's URL, and a way to move to another one (a new history entry). */
export function useSearchState(): [SearchState, (next: SearchState) => void] {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const state = useMemo(() => parseSearchParams(new URLSearchParams(query)), [query]);
  const go = useCallback(
    (next: SearchState) => {
      setParams(toSearchParams(next));
      // A new page starts at its top; a facet click keeps the reader where they are.
      if (next.page !== state.page) window.scrollTo({ top: 0 });
    },
    [setParams, state.page],
  );
  return [state, go];
}
