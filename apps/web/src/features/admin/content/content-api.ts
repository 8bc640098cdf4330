import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { CallRef, ContentAdminCalls, InputOf, OutputOf } from '@openfind/contract';
import { ATTACHMENT_UPLOAD_TYPES } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

type C = typeof ContentAdminCalls;
export type CollectionQuery = InputOf<C['contentCollections']>;
export type Collection = OutputOf<C['contentCollections']>['list'][number];
export type CollectionInput = InputOf<C['contentCollectionSave']>;
export type BookList = OutputOf<C['contentBookLists']>['list'][number];
export type BookListDetail = OutputOf<C['contentBookList']>;
export type BookListInput = InputOf<C['contentBookListSave']>;
export type { RecordHit } from '../components/RecordPicker';
export type News = OutputOf<C['contentNews']>['list'][number];
export type NewsInput = InputOf<C['contentNewsSave']>;
export type Texts = OutputOf<C['contentTexts']>;
export type Attachment = OutputOf<C['contentAttachments']>['list'][number];

/** The query keys of the content screen. */
export const contentKeys = {
  all: () => adminKeys.area('content'),
  collections: (q: CollectionQuery) => adminKeys.area('content', 'collections', q),
  bookLists: (q: string, page: number) => adminKeys.area('content', 'bookLists', q, page),
  bookList: (id: number) => adminKeys.area('content', 'bookList', id),
  news: (q: string, page: number) => adminKeys.area('content', 'news', q, page),
  texts: () => adminKeys.area('content', 'texts'),
  attachments: (recordId: number) => adminKeys.area('content', 'attachments', recordId),
};

export function useCollections(q: CollectionQuery) {
  return useQuery({
    queryKey: contentKeys.collections(q),
    queryFn: ({ signal }) => staffApi.call(Calls.contentCollections, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBookLists(q: string, page: number) {
  return useQuery({
    queryKey: contentKeys.bookLists(q, page),
    queryFn: ({ signal }) => staffApi.call(Calls.contentBookLists, { q, page, rows: 20 }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBookList(id: number | null) {
  return useQuery({
    queryKey: contentKeys.bookList(id ?? 0),
    queryFn: ({ signal }) => staffApi.call(Calls.contentBookList, { id: id! }, { signal }),
    enabled: id !== null,
  });
}

export function useNews(q: string, page: number) {
  return useQuery({
    queryKey: contentKeys.news(q, page),
    queryFn: ({ signal }) => staffApi.call(Calls.contentNews, { q, page, rows: 20 }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTexts() {
  return useQuery({
    queryKey: contentKeys.texts(),
    queryFn: ({ signal }) => staffApi.call(Calls.contentTexts, undefined, { signal }),
  });
}

export function useAttachments(recordId: number | null) {
  return useQuery({
    queryKey: contentKeys.attachments(recordId ?? 0),
    queryFn: ({ signal }) => staffApi.call(Calls.contentAttachments, { recordId: recordId! }, { signal }),
    enabled: recordId !== null,
  });
}

/**
 * A change of the content screen: the server's message shown as a toast (a failure's — a conflict
 * with another tab, a bad link — by the client), and everything the screen shows asked again
 * either way, so that after a conflict the latest version is on screen.
 */
export function useContentChange<R extends CallRef>(
  call: R,
  onDone?: (data: OutputOf<NonNullable<R['entry']>>) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<NonNullable<R['entry']>>) =>
      (
        staffApi.callWithMessage as (
          c: R,
          i: unknown,
        ) => Promise<{ data: OutputOf<NonNullable<R['entry']>>; message: string }>
      )(call, input),
    onSuccess: ({ data, message }) => {
      notify('success', message);
      onDone?.(data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: contentKeys.all() }),
  });
}

/** Uploads a file as a new attachment of a record (its bytes are the body; the server judges them). */
export async function uploadAttachment(recordId: number, name: string, kind: string, file: File) {
  const query = new URLSearchParams({ recordId: String(recordId), name, kind }).toString();
  const call = {
    method: 'POST',
    path: `${Calls.contentAttachmentUpload.path}?${query}`,
  } as typeof Calls.contentAttachmentUpload;
  return staffApi.upload(call, file, ATTACHMENT_UPLOAD_TYPES);
}
