import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { InputOf, OutputOf, RecommendationCalls } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

export type RecQuery = InputOf<typeof RecommendationCalls.adminRecommendations>;
export type RecList = OutputOf<typeof RecommendationCalls.adminRecommendations>;
export type RecItem = RecList['list'][number];
export type RecDecision = InputOf<typeof RecommendationCalls.adminRecommendDecide>;
export type RecOutcome = OutputOf<typeof RecommendationCalls.adminRecommendDecide>;
export type RecSettings = OutputOf<typeof RecommendationCalls.adminRecommendSettings>;

/** The query keys of the recommendations screen. */
export const recommendationKeys = {
  all: () => adminKeys.area('recommendations'),
  list: (q: RecQuery) => adminKeys.area('recommendations', 'list', q),
  settings: () => adminKeys.area('recommendations', 'settings'),
};

/** A page of the queue; the last page stays while the next loads. */
export function useRecommendationQueue(q: RecQuery) {
  return useQuery({
    queryKey: recommendationKeys.list(q),
    queryFn: ({ signal }) => staffApi.call(Calls.adminRecommendations, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every recommendation of a filter, page by page (the CSV export). */
export async function fetchAllRecommendations(q: Omit<RecQuery, 'page' | 'rows'>): Promise<RecItem[]> {
  const all: RecItem[] = [];
  for (let page = 1; page <= 50; page++) {
    const got = await staffApi.call(Calls.adminRecommendations, { ...q, page, rows: 200 });
    all.push(...got.list);
    if (all.length >= got.totalCount || !got.list.length) break;
  }
  return all;
}

/**
 * Moves recommendations to a state. The server's message is shown; when every one was changed by
 * someone else meanwhile the call fails (its toast says so) and its outcome still lists them.
 */
export function useDecideRecommendations(onOutcome: (outcome: RecOutcome) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: RecDecision) => staffApi.callWithMessage(Calls.adminRecommendDecide, d),
    onSuccess: ({ data, message }) => {
      notify(data.conflicts.length ? 'warning' : 'success', message);
      onOutcome(data);
    },
    onError: (error: { envelope?: { data?: unknown } | null }) => {
      const data = error.envelope?.data as RecOutcome | null | undefined;
      if (data?.conflicts) onOutcome(data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: recommendationKeys.all() }),
  });
}

export function useRecommendSettings() {
  return useQuery({
    queryKey: recommendationKeys.settings(),
    queryFn: ({ signal }) => staffApi.call(Calls.adminRecommendSettings, undefined, { signal }),
  });
}

export function useSaveRecommendSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: RecSettings) => staffApi.callWithMessage(Calls.adminRecommendSaveSettings, s),
    onSuccess: ({ message }) => {
      notify('success', message);
      return queryClient.invalidateQueries({ queryKey: recommendationKeys.settings() });
    },
  });
}
