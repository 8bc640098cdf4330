import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { ReaderSurvey, ReaderSurveyList, SurveyCalls, InputOf, SurveySubmitted } from '@openfind/contract';
import { api } from '../../lib/api-client';

/** The reader's surveys live under My Library's keys (a logout clears them with the rest). */
export const surveyKeys = {
  all: () => ['myLibrary', 'surveys'] as const,
  list: () => ['myLibrary', 'surveys', 'list'] as const,
  detail: (surveyId: number) => ['myLibrary', 'surveys', 'detail', surveyId] as const,
};

export function useSurveyList() {
  return useQuery({
    queryKey: surveyKeys.list(),
    queryFn: ({ signal }): Promise<ReaderSurveyList> => api.call(Calls.surveyList, undefined, { signal }),
    refetchOnMount: 'always',
  });
}

export function useSurvey(surveyId: number) {
  return useQuery({
    queryKey: surveyKeys.detail(surveyId),
    queryFn: ({ signal }): Promise<ReaderSurvey> => api.call(Calls.surveyDetail, { surveyId }, { signal }),
    enabled: surveyId > 0,
    retry: false,
  });
}

export type SubmitDraft = InputOf<typeof SurveyCalls.surveySubmit>;

/** Sends the answers; the survey and the list are asked again afterwards (answered, or refused: why). */
export function useSubmitSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: SubmitDraft): Promise<{ data: SurveySubmitted; message: string }> =>
      api.callWithMessage(Calls.surveySubmit, draft),
    onSettled: () => client.invalidateQueries({ queryKey: surveyKeys.all() }),
  });
}
