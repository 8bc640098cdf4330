import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { BookListCalls, InputOf, ModerationCalls, OutputOf } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

export type QueueQuery = InputOf<typeof ModerationCalls.moderationQueue>;
export type Queue = OutputOf<typeof ModerationCalls.moderationQueue>;
export type QueueComment = Queue['list'][number];
export type Decision = InputOf<typeof ModerationCalls.moderateComments>;
export type Outcome = OutputOf<typeof ModerationCalls.moderateComments>;

/** The query keys of the moderation screen. */
export const moderationKeys = {
  all: () => adminKeys.area('moderation'),
  queue: (q: QueueQuery) => adminKeys.area('moderation', 'queue', q),
  words: () => adminKeys.area('moderation', 'words'),
};

/** A page of the queue; the last page stays while the next loads. */
export function useQueue(q: QueueQuery) {
  return useQuery({
    queryKey: moderationKeys.queue(q),
    queryFn: ({ signal }) => staffApi.call(Calls.moderationQueue, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Approves or rejects comments. The server's message is shown; when every comment was decided by
 * someone else meanwhile the call fails (its toast says so) and its outcome still lists them.
 * Afterwards the queue is asked again either way.
 */
export function useDecide(onOutcome: (outcome: Outcome) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) => staffApi.callWithMessage(Calls.moderateComments, d),
    onSuccess: ({ data, message }) => {
      notify(data.conflicts.length ? 'warning' : 'success', message);
      onOutcome(data);
    },
    onError: (error: { envelope?: { data?: unknown } | null }) => {
      const data = error.envelope?.data as Outcome | null | undefined;
      if (data?.conflicts) onOutcome(data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all() }),
  });
}

/** The institution's sensitive words. */
export function useWords() {
  return useQuery({
    queryKey: moderationKeys.words(),
    queryFn: ({ signal }) => staffApi.call(Calls.sensitiveWords, undefined, { signal }),
  });
}

/** Saves the word list (administrators); the queue's flags change with it. */
export function useSaveWords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (words: string[]) => staffApi.callWithMessage(Calls.saveSensitiveWords, { words }),
    onSuccess: ({ message }) => {
      notify('success', message);
      return queryClient.invalidateQueries({ queryKey: moderationKeys.all() });
    },
  });
}

export type ReaderListsQuery = InputOf<typeof BookListCalls.adminReaderBookLists>;
export type ReaderLists = OutputOf<typeof BookListCalls.adminReaderBookLists>;
export type ReaderList = ReaderLists['list'][number];

const readerListKeys = {
  all: () => adminKeys.area('moderation', 'readerLists'),
  page: (q: ReaderListsQuery) => adminKeys.area('moderation', 'readerLists', q),
};

/** Readers' lists others can see, or that staff hid; the last page stays while the next loads. */
export function useReaderLists(q: ReaderListsQuery) {
  return useQuery({
    queryKey: readerListKeys.page(q),
    queryFn: ({ signal }) => staffApi.call(Calls.adminReaderBookLists, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Hides a reader's list with a reason (`reason` set) or shows it again; the server's message is shown. */
export function useSetListHidden(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { bookListId: number; reason: string | null }) =>
      v.reason === null
        ? staffApi.callWithMessage(Calls.adminShowReaderBookList, { bookListId: v.bookListId })
        : staffApi.callWithMessage(Calls.adminHideReaderBookList, { bookListId: v.bookListId, reason: v.reason }),
    onSuccess: ({ message }) => {
      notify('success', message);
      onDone();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: readerListKeys.all() }),
  });
}
