import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import { INBOX_PAGE_ROWS, type InboxChange, type InboxMessageDetail, type InboxPage } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { inboxKeys } from '../../inbox';
import { myLibraryKeys } from '../query-keys';

export const INBOX_ROWS = INBOX_PAGE_ROWS;

/** A page of the reader's messages, newest first (only unread ones on request). */
export function useInboxPage(unreadOnly: boolean, page: number) {
  return useQuery({
    queryKey: inboxKeys.page(unreadOnly, page),
    queryFn: ({ signal }): Promise<InboxPage> =>
      api.call(Calls.inboxList, { page, rows: INBOX_ROWS, unread: unreadOnly }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** One message with its whole body, asked when the reader opens it. */
export function useInboxMessage(id: number | null) {
  return useQuery({
    queryKey: inboxKeys.message(id ?? 0),
    queryFn: ({ signal }): Promise<InboxMessageDetail> => api.call(Calls.inboxMessage, { messageId: id! }, { signal }),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

type Change = { data: InboxChange; message: string };

/** After a change: the list, the header's count and My Library's summary are asked again. */
function useInboxChange<I>(fn: (input: I) => Promise<Change>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ data }) => client.setQueryData(inboxKeys.unread(), { unreadCount: data.unreadCount }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: inboxKeys.all, predicate: (q) => q.queryKey[1] === 'page' });
      void client.invalidateQueries({ queryKey: inboxKeys.unread() });
      void client.invalidateQueries({ queryKey: myLibraryKeys.summary() });
    },
  });
}

/** Marks messages read: those named, or all up to the newest the screen showed. */
export function useMarkRead() {
  return useInboxChange((input: { messageIds: number[] } | { all: true; upToId?: number }): Promise<Change> =>
    api.callWithMessage(Calls.inboxMarkRead, input),
  );
}

/** Deletes the messages named. */
export function useDeleteMessages() {
  return useInboxChange((messageIds: number[]): Promise<Change> =>
    api.callWithMessage(Calls.inboxDelete, { messageIds }),
  );
}

/** Deletes every message up to the newest the screen showed. */
export function useDeleteAllMessages() {
  return useInboxChange((upToId: number | undefined): Promise<Change> =>
    api.callWithMessage(Calls.inboxDeleteAll, upToId === undefined ? {} : { upToId }),
  );
}
