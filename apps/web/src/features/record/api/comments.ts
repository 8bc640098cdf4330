import * as Calls from '@openfind/contract/calls';
import { useQuery } from '@tanstack/react-query';

import type { CommentPage, UserScore } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { useQueryAfterPaint } from '../../../lib/first-paint';
import { recordKeys } from '../query-keys';

/** Comments shown per page on the details page. */
export const COMMENT_ROWS = 5;

/** A record's average rating and its distribution (`getUserScore`); silent: the rating hides on failure. */
export function getUserScore(recordId: number, signal?: AbortSignal): Promise<UserScore> {
  return api.call(Calls.getUserScore, { recordId }, { signal, silent: true });
}

/** Query options of a record's rating (the heading and the comments section share it). */
export const userScoreQueryOptions = (recordId: number) => ({
  queryKey: recordKeys.score(recordId),
  queryFn: ({ signal }: { signal: AbortSignal }) => getUserScore(recordId, signal),
  retry: false,
});

/** A record's rating. */
export function useUserScore(recordId: number) {
  return useQueryAfterPaint(userScoreQueryOptions(recordId));
}

/** Approved comments, newest first (`userCommentList`). */
export function getComments(recordId: number, page: number, signal?: AbortSignal): Promise<CommentPage> {
  return api.call(Calls.userCommentList, { recordId, page, rows: COMMENT_ROWS }, { signal });
}

/** A page of a record's comments. */
export function useComments(recordId: number, page: number) {
  return useQuery({
    queryKey: recordKeys.comments(recordId, page),
    queryFn: ({ signal }) => getComments(recordId, page, signal),
    retry: false,
  });
}
