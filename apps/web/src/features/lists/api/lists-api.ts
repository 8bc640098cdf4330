import * as Calls from '@openfind/contract/calls';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import type { EvaluationCalls, HomeListCalls, InputOf } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import type { RequestOptions } from '../../../lib/http';

/** The three kinds of collection list. */
export type CollectionKind = 'hot' | 'new' | 'trial';

const COLLECTION_CALLS = {
  hot: Calls.getHotCollection,
  new: Calls.getNewCollection,
  trial: Calls.getTryCollection,
} satisfies Record<CollectionKind, unknown>;

/** The list calls; `options.silent` for the home page, where a failed list is simply hidden (spec §8). */
export const listsApi = {
  newBooks: (body: InputOf<typeof HomeListCalls.getNewBook>, options?: RequestOptions) =>
    api.call(Calls.getNewBook, body, options),
  collections: (kind: CollectionKind, page: number, rows: number, options?: RequestOptions) =>
    api.call(COLLECTION_CALLS[kind], { page, rows }, options),
  ratings: (body: InputOf<typeof EvaluationCalls.userRatings>, options?: RequestOptions) =>
    api.call(Calls.userRatings, body, options),
  hotBookLists: (page: number, rows: number, options?: RequestOptions) =>
    api.call(Calls.indexHotBookList, { page, rows, recordRows: 5 }, options),
  disciplines: (options?: RequestOptions) => api.call(Calls.getDiscipline, undefined, options),
  donateNews: (page: number, rows: number, options?: RequestOptions) =>
    api.call(Calls.searchDonateNews, { page, rows }, options),
  popularSearches: (options?: RequestOptions) => api.call(Calls.popularSearchTopTen, undefined, options),
  dict: (options?: RequestOptions) => api.call(Calls.dict, {}, options),
};

/**
 * One list query, its key from a factory (`listKeys`, or the home page's); the previous page stays on
 * screen while the next one loads.
 */
export function useListQuery<T>(queryKey: QueryKey, fetch: (signal: AbortSignal) => Promise<T>, enabled = true) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}
