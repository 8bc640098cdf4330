import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath, LoanCalls } from '@openfind/contract';
import type {
  BookListPage,
  InputOf,
  CollectionPage,
  DictResponse,
  DisciplineList,
  DonateNewsPage,
  NewBookRequest,
  PopularSearch,
  SearchResponse,
  UserRatingsRequest,
  UserRatingsResponse,
} from '@openfind/contract';
import { api } from '../../../lib/api-client';
import type { RequestOptions } from '../../../lib/http';

/** Disciplines with record counts, as `getDiscipline` answers. */
export type Disciplines = ReturnType<typeof DisciplineList.parse>;
/** The three kinds of collection list. */
export type CollectionKind = 'hot' | 'new' | 'trial';

const COLLECTION_PATHS: Record<CollectionKind, string> = {
  hot: ApiPath.getHotCollection,
  new: ApiPath.getNewCollection,
  trial: ApiPath.getTryCollection,
};

/** The list calls; `options.silent` for the home page, where a failed list is simply hidden (spec §8). */
export const listsApi = {
  hotLoan: (body: InputOf<typeof LoanCalls.getHotLoan>, options?: RequestOptions) =>
    api.call(LoanCalls.getHotLoan, body, options),
  newBooks: (body: Partial<Omit<NewBookRequest, 'time'>> & { time?: string }, options?: RequestOptions) =>
    api.post<SearchResponse>(ApiPath.getNewBook, body, options),
  collections: (kind: CollectionKind, page: number, rows: number, options?: RequestOptions) =>
    api.post<CollectionPage>(COLLECTION_PATHS[kind], { page, rows }, options),
  ratings: (body: Partial<UserRatingsRequest>, options?: RequestOptions) =>
    api.post<UserRatingsResponse>(ApiPath.userRatings, body, options),
  hotBookLists: (page: number, rows: number, options?: RequestOptions) =>
    api.post<BookListPage>(ApiPath.indexHotBookList, { page, rows, recordRows: 5 }, options),
  disciplines: (options?: RequestOptions) => api.get<Disciplines>(ApiPath.getDiscipline, undefined, options),
  donateNews: (page: number, rows: number, options?: RequestOptions) =>
    api.post<DonateNewsPage>(ApiPath.searchDonateNews, { page, rows }, options),
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
