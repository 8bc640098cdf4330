import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { AdminRequestQuery } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

/** The request manager's query keys: all under one area, so that a step refreshes every tab. */
export const requestKeys = {
  all: () => adminKeys.area('requests'),
  list: (filter: Partial<AdminRequestQuery>) => adminKeys.area('requests', 'list', filter),
  detail: (requestId: number) => adminKeys.area('requests', 'detail', requestId),
  pickList: (libCode: string | undefined) => adminKeys.area('requests', 'pickList', libCode ?? ''),
  expired: (page: number) => adminKeys.area('requests', 'expired', page),
  deliveries: (page: number) => adminKeys.area('requests', 'deliveries', page),
};

export function useRequestList(filter: Partial<AdminRequestQuery>) {
  return useQuery({
    queryKey: requestKeys.list(filter),
    queryFn: ({ signal }) => staffApi.call(Calls.adminRequests, filter, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useRequestDetail(requestId: number) {
  return useQuery({
    queryKey: requestKeys.detail(requestId),
    queryFn: ({ signal }) => staffApi.call(Calls.adminRequestDetail, { requestId }, { signal, silent: true }),
    retry: false,
  });
}

export function usePickList(libCode: string | undefined) {
  return useQuery({
    queryKey: requestKeys.pickList(libCode),
    queryFn: ({ signal }) => staffApi.call(Calls.adminPickList, libCode ? { libCode } : {}, { signal }),
  });
}

export function useExpiredHolds(page: number) {
  return useQuery({
    queryKey: requestKeys.expired(page),
    queryFn: ({ signal }) => staffApi.call(Calls.adminExpiredHolds, { page, rows: 20 }, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useDeliveriesToSend(page: number) {
  return useQuery({
    queryKey: requestKeys.deliveries(page),
    queryFn: ({ signal }) => staffApi.call(Calls.deskDeliveries, { status: 'ready', page, rows: 20 }, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** What a staff member can do to a request; each answers with the server's message. */
type Step =
  | { kind: 'retrieve'; requestId: number }
  | { kind: 'shelve'; requestId: number }
  | { kind: 'cancel'; requestId: number; reason: string }
  | { kind: 'clearExpired'; requestId: number }
  | { kind: 'pickedUp'; pickupCode: string }
  | { kind: 'ship'; requestId: number; trackingNo: string };

function send(step: Step): Promise<{ message: string }> {
  switch (step.kind) {
    case 'retrieve':
      return staffApi.callWithMessage(Calls.adminRetrieveRequest, { requestId: step.requestId });
    case 'shelve':
      return staffApi.callWithMessage(Calls.adminShelveRequest, { requestId: step.requestId });
    case 'cancel':
      return staffApi.callWithMessage(Calls.adminCancelRequest, { requestId: step.requestId, reason: step.reason });
    case 'clearExpired':
      return staffApi.callWithMessage(Calls.adminClearExpiredHold, { requestId: step.requestId });
    case 'pickedUp':
      return staffApi.callWithMessage(Calls.deskFulfil, { pickupCode: step.pickupCode });
    case 'ship':
      return staffApi.callWithMessage(Calls.deskShip, { requestId: step.requestId, trackingNo: step.trackingNo });
  }
}

/**
 * A step on a request: the server's message as a toast (a refusal's too: the client shows it, such
 * as "fetched already" when another staff member was quicker), then every tab shows the request as
 * it is now, whichever way it went.
 */
export function useRequestStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ message }) => notify('success', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.all() }),
  });
}
