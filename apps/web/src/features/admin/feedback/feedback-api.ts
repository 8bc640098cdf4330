import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { FeedbackCalls, InputOf, OutputOf } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

export type FeedbackQuery = InputOf<typeof FeedbackCalls.adminFeedback>;
export type FeedbackQueue = OutputOf<typeof FeedbackCalls.adminFeedback>;
export type QueueFeedback = FeedbackQueue['list'][number];
export type ReplyInput = InputOf<typeof FeedbackCalls.adminReplyFeedback>;
export type CloseInput = InputOf<typeof FeedbackCalls.adminCloseFeedback>;
export type CloseOutcome = OutputOf<typeof FeedbackCalls.adminCloseFeedback>;
export type ExportQuery = InputOf<typeof FeedbackCalls.adminExportFeedback>;
export type FeedbackSettings = OutputOf<typeof FeedbackCalls.adminFeedbackSettings>;

export const feedbackAdminKeys = {
  all: () => adminKeys.area('feedback'),
  queue: (q: FeedbackQuery) => adminKeys.area('feedback', 'queue', q),
  settings: () => adminKeys.area('feedback', 'settings'),
};

/** A page of the queue; the last page stays while the next loads. */
export function useFeedbackQueue(q: FeedbackQuery) {
  return useQuery({
    queryKey: feedbackAdminKeys.queue(q),
    queryFn: ({ signal }) => staffApi.call(Calls.adminFeedback, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Replies to a message (and closes it when asked); the server's message is shown. */
export function useReplyFeedback(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (r: ReplyInput) => staffApi.callWithMessage(Calls.adminReplyFeedback, r),
    onSuccess: ({ message }) => {
      notify('success', message);
      onDone();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedbackAdminKeys.all() }),
  });
}

/**
 * Closes messages. When every one was changed by someone else meanwhile the call fails (its toast
 * says so) and its outcome still lists them.
 */
export function useCloseFeedback(onOutcome: (outcome: CloseOutcome) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: CloseInput) => staffApi.callWithMessage(Calls.adminCloseFeedback, c),
    onSuccess: ({ data, message }) => {
      notify(data.conflicts.length || data.missing.length ? 'warning' : 'success', message);
      onOutcome(data);
    },
    onError: (error: { envelope?: { data?: unknown } | null }) => {
      const data = error.envelope?.data as CloseOutcome | null | undefined;
      if (data?.conflicts) onOutcome(data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedbackAdminKeys.all() }),
  });
}

export function exportFeedback(q: ExportQuery) {
  return staffApi.call(Calls.adminExportFeedback, q);
}

export function useFeedbackSettings() {
  return useQuery({
    queryKey: feedbackAdminKeys.settings(),
    queryFn: ({ signal }) => staffApi.call(Calls.adminFeedbackSettings, undefined, { signal }),
  });
}

export function useSaveFeedbackSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: FeedbackSettings) => staffApi.callWithMessage(Calls.adminSaveFeedbackSettings, s),
    onSuccess: ({ message }) => {
      notify('success', message);
      return queryClient.invalidateQueries({ queryKey: feedbackAdminKeys.settings() });
    },
  });
}
