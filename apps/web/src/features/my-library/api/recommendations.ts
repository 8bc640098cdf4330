import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type {
  RecommendInput,
  RecommendList,
  RecommendLookup,
  RecommendState,
  RecommendTab,
  Recommendation,
} from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { myLibraryKeys } from '../query-keys';

/** Recommendations a page of the list shows. */
export const RECOMMEND_ROWS = 10;

/** Whether and how much the reader may recommend (isAllowRecommend, isMaxRecommend, the quota) and the reasons. */
export function useRecommendState(enabled = true) {
  return useQuery({
    queryKey: myLibraryKeys.recommendState(),
    queryFn: ({ signal }): Promise<RecommendState> => api.call(Calls.recommendState, undefined, { signal }),
    enabled,
  });
}

/** The reader's recommendations of a tab, newest first, with each tab's count. */
export function useRecommendations(tab: RecommendTab, page: number) {
  return useQuery({
    queryKey: myLibraryKeys.recommendations(tab, page),
    queryFn: ({ signal }): Promise<RecommendList> =>
      api.call(Calls.recommendList, { status: tab, page, rows: RECOMMEND_ROWS }, { signal }),
    refetchOnMount: 'always',
  });
}

/** Looks a book up in the catalogue by ISBN and title before it is recommended. */
export function useRecommendLookup() {
  return useMutation({
    mutationFn: (input: { isbn: string; title: string }): Promise<{ data: RecommendLookup; message: string }> =>
      api.callWithMessage(Calls.recommendLookup, input),
  });
}

/** What changes after a recommendation is made or cancelled: the list, the counts and the quota. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: myLibraryKeys.recommendationLists() }),
      client.invalidateQueries({ queryKey: myLibraryKeys.recommendState() }),
    ]);
}

export function useSaveRecommendation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: Partial<RecommendInput>): Promise<{ data: Recommendation; message: string }> =>
      api.callWithMessage(Calls.recommendSave, input),
    onSettled: refresh,
  });
}

export function useCancelRecommendation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number): Promise<{ data: Recommendation; message: string }> =>
      api.callWithMessage(Calls.recommendCancel, { id }),
    onSettled: refresh,
  });
}
