import { useState } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import { api } from '../../../lib/api-client';
import { isRunnable, toSearchRequest } from '../search-state';
import type { SearchBody, SearchKind, SearchState } from '../search-state';
import { searchKeys } from '../query-keys';

type SearchCall = { kind: SearchKind; body: SearchBody };

/** The call of each kind of search (named one by one: a chunk carries only the calls it names). */
const SEARCH_CALLS = { search: Calls.search, advancedSearch: Calls.advancedSearch, twiceSearch: Calls.twiceSearch };

/** The page of results alone (`facet: '0'`): it is never held back by the facet counts. */
export function pageRequest(state: SearchState): SearchCall {
  const { kind, body } = toSearchRequest(state);
  return { kind, body: { ...body, facet: '0' } };
}

/**
 * The facet counts of a search (`facet: 'only'`), asked beside the page. They do not depend on the
 * page, its size or the sort, so paging and re-sorting reuse them.
 */
export function facetRequest(state: SearchState): SearchCall {
  const { kind, body } = toSearchRequest(state);
  return { kind, body: { ...body, page: 1, rows: 1, sortField: 'relevance', sortClause: 'asc', facet: 'only' } };
}

/** Query options of a search call; the key is the request itself, so the same URL is answered from the cache. */
function searchCall(call: SearchCall, part: 'results' | 'facets') {
  return queryOptions({
    queryKey: searchKeys.call(part, call.kind, call.body),
    // The page's failure is reported (toast); the facets' failure only leaves the filters out.
    queryFn: ({ signal }) => api.call(SEARCH_CALLS[call.kind], call.body, { signal, silent: part === 'facets' }),
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
  return useEarlySearch(state, searchCall(pageRequest(state), 'results'));
}

/** The facet counts of the same search, asked at the same time. */
export function useSearchFacets(state: SearchState) {
  return useEarlySearch(state, searchCall(facetRequest(state), 'facets'));
}
