import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { FeedbackCalls, FeedbackItem, InputOf, MyFeedback, MyQuestions } from '@openfind/contract';
import { api } from '../../lib/api-client';

/** The reader's feedback and questions live under My Library's keys (a logout clears them with the rest). */
export const feedbackKeys = {
  all: () => ['myLibrary', 'feedback'] as const,
  feedback: (page: number) => ['myLibrary', 'feedback', 'feedback', page] as const,
  questions: (replied: boolean, page: number) => ['myLibrary', 'feedback', 'questions', replied, page] as const,
};

export function useMyFeedback(page: number, rows: number) {
  return useQuery({
    queryKey: feedbackKeys.feedback(page),
    queryFn: ({ signal }): Promise<MyFeedback> => api.call(Calls.myFeedback, { page, rows }, { signal }),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

export function useMyQuestions(replied: boolean, page: number, rows: number) {
  return useQuery({
    queryKey: feedbackKeys.questions(replied, page),
    queryFn: ({ signal }): Promise<MyQuestions> =>
      api.call(Calls.myQuestions, { replied: replied ? '1' : '0', page, rows }, { signal }),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

export type FeedbackDraft = InputOf<typeof FeedbackCalls.submitFeedback>;
export type QuestionDraft = InputOf<typeof FeedbackCalls.askQuestion>;
type Sent = { data: FeedbackItem; message: string };

/** Sends problem feedback; the reader's lists are asked again afterwards. */
export function useSubmitFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: FeedbackDraft): Promise<Sent> => api.callWithMessage(Calls.submitFeedback, draft),
    onSettled: () => client.invalidateQueries({ queryKey: feedbackKeys.all() }),
  });
}

/** Asks a question. */
export function useAskQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: QuestionDraft): Promise<Sent> => api.callWithMessage(Calls.askQuestion, draft),
    onSettled: () => client.invalidateQueries({ queryKey: feedbackKeys.all() }),
  });
}

/** Closes the reader's feedback or question. */
export function useCloseFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (feedbackId: number): Promise<Sent> => api.callWithMessage(Calls.closeFeedback, { feedbackId }),
    onSettled: () => client.invalidateQueries({ queryKey: feedbackKeys.all() }),
  });
}
