import * as Calls from '@openfind/contract/calls';
import { useQuery } from '@tanstack/react-query';
import type { QrCode } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../query-keys';

/** The QR code that opens the record's page on a phone (`getQrCode`). */
export function getQrCode(recordId: number, signal?: AbortSignal): Promise<QrCode> {
  return api.call(Calls.getQrCode, { recordId }, { signal });
}

/** The QR code, fetched only when the dialog opens. */
export function useQrCode(recordId: number, enabled: boolean) {
  return useQuery({
    queryKey: recordKeys.qr(recordId),
    queryFn: ({ signal }) => getQrCode(recordId, signal),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
