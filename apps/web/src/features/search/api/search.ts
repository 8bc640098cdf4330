import { useState } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import { api } from '../../../lib/api-client';
import { isRunnable, searchFacetRequest, searchPageRequest } from '@openfind/contract';
import type { SearchCall, SearchState } from '@openfind/contract';
import { searchKeys } from '../query-keys';

/** The call of each kind of search (named one by one: a chunk carries only the calls it names). */
const SEARCH_CALLS = { search: Calls.search, advancedSearch: Calls.advancedSearch, twiceSearch: Calls.twiceSearch };

/** Query options of a search call; the key is the request itself, so the same URL is answered from the cache. */
function searchCall(call: SearchCall, part: 'results' | 'facets') {
  return queryOptions({
    queryKey: searchKeys.call(part, call.kind, call.body),
    // The page's failure is reported (toast); the facets' failure only leaves the filters out.
    queryFn: ({ signal }) => api.call(SEARCH_CALLS[call.kind], call.body, { signal, silent: part === 'facets' }),
    // The page's own answer (the server answers a results URL's two calls in the page): the rows paint
    // with the first render.
    initialData: () => api.firstAnswer(SEARCH_CALLS[call.kind], call.body),
    staleTime: 60_000,
  });
}

/**
 * A search call that starts while the page renders (useQuery alone would send it only once the page's
 * first frame is on screen, a few hundred milliseconds later on a slow machine); if it fails meanwhile,
 * mounting does not send it again (one request, one error toast). The previous answer stays on screen
 * while the next one loads.
 */
function useEarlySearch(state: SearchState, options: ReturnType<typeof searchCall>) {
  const client = useQueryClient();
  const runnable = isRunnable(state);
  const [startedEarly] = useState(() => {
    if (!runnable || client.getQueryState(options.queryKey)) return false;
    void client.prefetchQuery(options);
    return true;
  });
  return useQuery({ ...options, enabled: runnable, placeholderData: keepPreviousData, retryOnMount: !startedEarly });
}

/** The results of a search (failures toast, spec §8). */
export function useSearchResults(state: SearchState) {
  return useEarlySearch(state, searchCall(searchPageRequest(state), 'results'));
}

/** The facet counts of the same search, asked at the same time. */
export function useSearchFacets(state: SearchState) {
  return useEarlySearch(state, searchCall(searchFacetRequest(state), 'facets'));
}
