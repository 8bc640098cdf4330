import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { MyCommentPage } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { myLibraryKeys } from '../query-keys';

/** Comments a page of "my comments" shows. */
export const COMMENT_ROWS = 10;

/** The reader's own comments, newest first, each with its review state (asked afresh on each visit). */
export function useMyComments(page: number) {
  return useQuery({
    queryKey: myLibraryKeys.comments(page),
    queryFn: ({ signal }): Promise<MyCommentPage> =>
      api.call(Calls.myCommentList, { page, rows: COMMENT_ROWS }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
