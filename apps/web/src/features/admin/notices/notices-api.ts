import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { InputOf, NoticeAdminCalls, OutputOf } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

type C = typeof NoticeAdminCalls;
export type Notice = OutputOf<C['adminNotices']>['list'][number];
export type NoticeInput = InputOf<C['adminNoticeSend']>;

export const NOTICE_ROWS = 20;

/** The query keys of the notices tab. */
export const noticeKeys = {
  all: () => adminKeys.area('notices'),
  list: (page: number) => adminKeys.area('notices', 'list', page),
  audience: () => adminKeys.area('notices', 'audience'),
};

export function useNotices(page: number) {
  return useQuery({
    queryKey: noticeKeys.list(page),
    queryFn: ({ signal }) => staffApi.call(Calls.adminNotices, { page, rows: NOTICE_ROWS }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The institution's readers by type (whom a notice can go to). */
export function useAudience() {
  return useQuery({
    queryKey: noticeKeys.audience(),
    queryFn: ({ signal }) => staffApi.call(Calls.adminNoticeAudience, undefined, { signal }),
    staleTime: 60_000,
  });
}

/** A key for one notice being written: sent again with it (a double click, a retry), nothing is sent twice. */
export function newRequestKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function useSendNotice(onSent: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NoticeInput) => staffApi.callWithMessage(Calls.adminNoticeSend, input),
    onSuccess: ({ message }) => {
      notify('success', message);
      onSent();
    },
    onSettled: () => client.invalidateQueries({ queryKey: noticeKeys.all() }),
  });
}

export function useWithdrawNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (noticeId: number) => staffApi.callWithMessage(Calls.adminNoticeWithdraw, { noticeId }),
    onSuccess: ({ message }) => notify('success', message),
    onSettled: () => client.invalidateQueries({ queryKey: noticeKeys.all() }),
  });
}
