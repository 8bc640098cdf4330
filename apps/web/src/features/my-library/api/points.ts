import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { PointsPage, PointsRuleInfo } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { myLibraryKeys } from '../query-keys';

/** Entries of the points ledger a page shows. */
export const POINTS_ROWS = 20;

/** The reader's points: the balance and a page of the ledger, newest first. */
export function usePoints(page: number) {
  return useQuery({
    queryKey: myLibraryKeys.points(page),
    queryFn: ({ signal }): Promise<PointsPage> =>
      api.call(Calls.patronScoreList, { page, rows: POINTS_ROWS }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** How points are earned and lost at the institution. */
export function usePointsRules() {
  return useQuery({
    queryKey: myLibraryKeys.pointsRules(),
    queryFn: ({ signal }): Promise<PointsRuleInfo[]> => api.call(Calls.integralRule, undefined, { signal }),
    staleTime: 10 * 60_000,
  });
}
