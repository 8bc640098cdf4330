import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath, EvaluationCalls, HomeListCalls, LoanCalls } from '@openfind/contract';
import type { DictResponse, InputOf, PopularSearch } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import type { RequestOptions } from '../../../lib/http';

/** The three kinds of collection list. */
export type CollectionKind = 'hot' | 'new' | 'trial';

const COLLECTION_CALLS = {
  hot: HomeListCalls.getHotCollection,
  new: HomeListCalls.getNewCollection,
  trial: HomeListCalls.getTryCollection,
} satisfies Record<CollectionKind, unknown>;

/** The list calls; `options.silent` for the home page, where a failed list is simply hidden (spec §8). */
export const listsApi = {
  hotLoan: (body: InputOf<typeof LoanCalls.getHotLoan>, options?: RequestOptions) =>
    api.call(LoanCalls.getHotLoan, body, options),
  newBooks: (body: InputOf<typeof HomeListCalls.getNewBook>, options?: RequestOptions) =>
    api.call(HomeListCalls.getNewBook, body, options),
  collections: (kind: CollectionKind, page: number, rows: number, options?: RequestOptions) =>
    api.call(COLLECTION_CALLS[kind], { page, rows }, options),
  ratings: (body: InputOf<typeof EvaluationCalls.userRatings>, options?: RequestOptions) =>
    api.call(EvaluationCalls.userRatings, body, options),
  hotBookLists: (page: number, rows: number, options?: RequestOptions) =>
    api.call(HomeListCalls.indexHotBookList, { page, rows, recordRows: 5 }, options),
  disciplines: (options?: RequestOptions) => api.call(HomeListCalls.getDiscipline, undefined, options),
  donateNews: (page: number, rows: number, options?: RequestOptions) =>
    api.call(HomeListCalls.searchDonateNews, { page, rows }, options),
  popularSearches: (options?: RequestOptions) =>
    api.get<PopularSearch[]>(ApiPath.popularSearchTopTen, undefined, options),
  dict: (options?: RequestOptions) => api.post<DictResponse>(ApiPath.dict, {}, options),
};

/**
 * One list query: the key names the list, its parameters and the language (names are translated);
 * the previous page stays on screen while the next one loads.
 */
export function useListQuery<T>(key: readonly unknown[], fetch: (signal: AbortSignal) => Promise<T>, enabled = true) {
  return useQuery({
    queryKey: ['lists', ...key],
    queryFn: ({ signal }) => fetch(signal),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}
