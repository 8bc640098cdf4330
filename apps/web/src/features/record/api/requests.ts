import { useMutation, useQuery } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { AddressList, PlaceRequest, PlacedRequest, PickupLibrary } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../query-keys';

/** Where a requested copy of the record can be picked up (asked when the dialog opens). */
export function usePickupLibraries(recordId: number, enabled: boolean) {
  return useQuery({
    queryKey: recordKeys.pickupLibraries(recordId),
    queryFn: ({ signal }): Promise<PickupLibrary[]> => api.call(Calls.takeBookAddress, { recordId }, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The reader's delivery addresses, the default first (asked afresh whenever the delivery dialog opens). */
export function useReaderAddresses(enabled: boolean) {
  return useQuery({
    queryKey: recordKeys.readerAddresses(),
    queryFn: ({ signal }): Promise<AddressList> => api.call(Calls.userAddressList, undefined, { signal }),
    enabled,
    refetchOnMount: 'always',
  });
}

/** Places a request (My Library asks for its lists afresh whenever it opens). */
export function usePlaceRequest() {
  return useMutation({
    mutationFn: (input: PlaceRequest): Promise<{ data: PlacedRequest; message: string }> =>
      api.callWithMessage(Calls.placeRequest, input),
  });
}
