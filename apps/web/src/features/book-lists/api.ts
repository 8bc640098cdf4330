import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type {
  BookListCalls,
  BookListDeleted,
  BookListDetail,
  BookListEntry,
  BookListMove,
  BookListSummary,
  HotBookListView,
  InputOf,
  MyBookLists,
  PublicBookLists,
} from '@openfind/contract';
import { api } from '../../lib/api-client';
import { bookListKeys } from './query-keys';

export { bookListKeys };

/** The kinds of cover file the upload declares (others go as plain bytes; the server judges the content). */
export const COVER_UPLOAD_TYPES = ['image/jpeg', 'image/png'] as const;

export function useMyBookLists(page: number, rows: number, recordId = 0, enabled = true) {
  return useQuery({
    queryKey: bookListKeys.mineFor(page, recordId),
    queryFn: ({ signal }): Promise<MyBookLists> =>
      api.call(Calls.myBookLists, { page, rows, ...(recordId ? { recordId } : {}) }, { signal }),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBookListDetail(id: number, page: number, rows: number, lang: string) {
  return useQuery({
    queryKey: bookListKeys.detailPage(id, page, lang),
    queryFn: ({ signal }): Promise<BookListDetail> =>
      api.call(Calls.bookListDetail, { bookListId: id, page, rows }, { signal, silent: true }),
    enabled: id > 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function usePublicBookLists(q: string, page: number, rows: number) {
  return useQuery({
    queryKey: bookListKeys.public(q, page),
    queryFn: ({ signal }): Promise<PublicBookLists> =>
      api.call(Calls.publicBookLists, { q, page, rows }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

/** Counts a view of a list's page (once per visitor and day, decided by the server); quiet. */
export function recordBookListView(bookListId: number): Promise<HotBookListView> {
  return api.call(Calls.recordHotBookList, { bookListId }, { silent: true });
}

type WithMessage<T> = Promise<{ data: T; message: string }>;

/** A mutation of the reader's lists: refusals come back to the form (silent), the lists are asked again after. */
function useListMutation<I, T>(fn: (input: I) => WithMessage<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: bookListKeys.mine() }),
        client.invalidateQueries({ queryKey: bookListKeys.all }),
      ]),
  });
}

export type BookListDraft = InputOf<typeof BookListCalls.createBookList>;
export type BookListChange = InputOf<typeof BookListCalls.updateBookList>;

export const useCreateBookList = () =>
  useListMutation((d: BookListDraft): WithMessage<BookListSummary> =>
    api.callWithMessage(Calls.createBookList, d, { silent: true }),
  );
export const useUpdateBookList = () =>
  useListMutation((d: BookListChange): WithMessage<BookListSummary> =>
    api.callWithMessage(Calls.updateBookList, d, { silent: true }),
  );
export const useDeleteBookList = () =>
  useListMutation((bookListId: number): WithMessage<BookListDeleted> =>
    api.callWithMessage(Calls.deleteBookList, { bookListId }, { silent: true }),
  );
export const useAddBookListRecord = () =>
  useListMutation((d: { bookListId: number; recordId: number; note: string }): WithMessage<BookListEntry> =>
    api.callWithMessage(Calls.addBookListRecord, d, { silent: true }),
  );
export const useUpdateBookListNote = () =>
  useListMutation((d: { bookListId: number; recordId: number; note: string }): WithMessage<BookListEntry> =>
    api.callWithMessage(Calls.updateBookListNote, d, { silent: true }),
  );
export const useRemoveBookListRecord = () =>
  useListMutation((d: { bookListId: number; recordId: number }): WithMessage<BookListDeleted> =>
    api.callWithMessage(Calls.removeBookListRecord, d, { silent: true }),
  );
export const useMoveBookListRecord = () =>
  useListMutation((d: { bookListId: number; recordId: number; move: BookListMove }): WithMessage<BookListEntry> =>
    api.callWithMessage(Calls.moveBookListRecord, d, { silent: true }),
  );
export const useUploadBookListCover = () =>
  useListMutation(({ bookListId, file }: { bookListId: number; file: Blob }): WithMessage<BookListSummary> =>
    api.upload(
      // The list is named in the address; the body is the image.
      { ...Calls.uploadBookListCover, path: `${Calls.uploadBookListCover.path}?bookListId=${bookListId}` },
      file,
      COVER_UPLOAD_TYPES,
      { silent: true, timeoutMs: 120_000 },
    ),
  );
export const useDeleteBookListCover = () =>
  useListMutation((bookListId: number): WithMessage<BookListSummary> =>
    api.callWithMessage(Calls.deleteBookListCover, { bookListId }, { silent: true }),
  );
