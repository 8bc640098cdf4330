import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@openfind/contract';
import type { SearchResponse } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { isRunnable, toSearchRequest } from '../search-state';
import type { SearchKind, SearchState } from '../search-state';

const PATHS: Record<SearchKind, string> = {
  search: ApiPath.search,
  advancedSearch: ApiPath.advancedSearch,
  twiceSearch: ApiPath.twiceSearch,
};

/** Runs the search a results URL describes (search, advancedSearch or twiceSearch); failures toast (spec §8). */
export function searchRecords(state: SearchState, signal?: AbortSignal): Promise<SearchResponse> {
  const { kind, body } = toSearchRequest(state);
  return api.post<SearchResponse>(PATHS[kind], body, { signal });
}

/** Query options of a search; the key is the request itself, so the same URL is answered from the cache. */
export const searchQueryOptions = (state: SearchState) => {
  const request = toSearchRequest(state);
  return queryOptions({
    queryKey: ['search', 'results', request.kind, request.body],
    queryFn: ({ signal }) => searchRecords(state, signal),
    staleTime: 60_000,
  });
};

/** The results of a search; the previous page stays on screen while the next one loads. */
export function useSearchResults(state: SearchState) {
  return useQuery({ ...searchQueryOptions(state), enabled: isRunnable(state), placeholderData: keepPreviousData });
}
