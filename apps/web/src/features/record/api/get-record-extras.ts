import { useQuery } from '@tanstack/react-query';
import { LoanCalls, RecordDetailCalls } from '@openfind/contract';
import type { NearTenYearLoan, QrCode } from '@openfind/contract';
import { api } from '../../../lib/api-client';

/** The QR code that opens the record's page on a phone (`getQrCode`). */
export function getQrCode(recordId: number, signal?: AbortSignal): Promise<QrCode> {
  return api.call(RecordDetailCalls.getQrCode, { recordId }, { signal });
}

/** The QR code, fetched only when the dialog opens. */
export function useQrCode(recordId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['record', recordId, 'qr'],
    queryFn: ({ signal }) => getQrCode(recordId, signal),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

/** Loans of each of the last ten years (`getNearTenYearLoan`); silent: the chart hides when it fails. */
export function getNearTenYearLoan(recordId: number, signal?: AbortSignal): Promise<NearTenYearLoan> {
  return api.call(LoanCalls.getNearTenYearLoan, { recordId }, { signal, silent: true });
}

/** The ten-year loan figures. */
export function useNearTenYearLoan(recordId: number) {
  return useQuery({
    queryKey: ['record', recordId, 'ten-year-loans'],
    queryFn: ({ signal }) => getNearTenYearLoan(recordId, signal),
    retry: false,
  });
}
