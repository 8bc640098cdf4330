import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { CLC_TOP_CLASSES } from '@openfind/contract';
import type {
  BookListPage,
  EbookPage,
  PackageDetail,
  PackageList,
  PublicBookLists,
  RecordPageOf,
  TopicDetail,
  TopicPage,
} from '@openfind/contract';
import { api } from '../../lib/api-client';
import { collectionKeys } from './query-keys';

type EbookClass = (typeof CLC_TOP_CLASSES)[number] | '';

export function usePackages(kind: 'collection' | 'base', parentId: number, lang: string) {
  return useQuery({
    queryKey: collectionKeys.packages(kind, parentId, lang),
    queryFn: ({ signal }): Promise<PackageList> => api.call(Calls.packageList, { kind, parentId }, { signal }),
  });
}

export function usePackage(id: number, lang: string) {
  return useQuery({
    queryKey: collectionKeys.detail(id, lang),
    queryFn: ({ signal }): Promise<PackageDetail> => api.call(Calls.packageDetail, { id }, { signal }),
    enabled: id > 0,
    retry: false,
  });
}

export function usePackageRecords(id: number, q: string, page: number, rows: number) {
  return useQuery({
    queryKey: collectionKeys.records(id, q, page),
    queryFn: ({ signal }): Promise<RecordPageOf> => api.call(Calls.packageRecords, { id, q, page, rows }, { signal }),
    enabled: id > 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useTopics(page: number, rows: number, lang: string) {
  return useQuery({
    queryKey: collectionKeys.topics(page, lang),
    queryFn: ({ signal }): Promise<TopicPage> => api.call(Calls.topicList, { page, rows }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTopic(id: number, page: number, rows: number, lang: string) {
  return useQuery({
    queryKey: collectionKeys.topic(id, page, lang),
    queryFn: ({ signal }): Promise<TopicDetail> => api.call(Calls.topicDetail, { id, page, rows }, { signal }),
    enabled: id > 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useEbooks(q: string, classNo: string, letter: string, page: number, rows: number) {
  return useQuery({
    queryKey: collectionKeys.ebooks(q, classNo, letter, page),
    queryFn: ({ signal }): Promise<EbookPage> =>
      api.call(Calls.ebookList, { q, classNo: classNo as EbookClass, letter, page, rows }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLibraryBookLists(page: number, rows: number, lang: string) {
  return useQuery({
    queryKey: collectionKeys.bookLists('library', '', page, lang),
    queryFn: ({ signal }): Promise<BookListPage> =>
      api.call(Calls.indexBookList, { page, rows, recordRows: 3 }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReaderBookLists(q: string, page: number, rows: number, lang: string) {
  return useQuery({
    queryKey: collectionKeys.bookLists('readers', q, page, lang),
    queryFn: ({ signal }): Promise<PublicBookLists> => api.call(Calls.publicBookLists, { q, page, rows }, { signal }),
    placeholderData: keepPreviousData,
  });
}
