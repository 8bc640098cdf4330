import * as Calls from '@openfind/contract/calls';
import type { NearTenYearLoan } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { useQueryAfterPaint } from '../../../lib/first-paint';
import { loanKeys } from '../query-keys';

/** Loans of each of the last ten years (`getNearTenYearLoan`); silent: the chart hides when it fails. */
export function getNearTenYearLoan(recordId: number, signal?: AbortSignal): Promise<NearTenYearLoan> {
  return api.call(Calls.getNearTenYearLoan, { recordId }, { signal, silent: true });
}

/** The ten-year loan figures. */
export function useNearTenYearLoan(recordId: number) {
  return useQueryAfterPaint({
    queryKey: loanKeys.tenYears(recordId),
    queryFn: ({ signal }) => getNearTenYearLoan(recordId, signal),
    retry: false,
  });
}
