import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { DocDeliveryInput, DocDeliveryList, DocDeliveryRequest, DocDeliveryState } from '@openfind/contract';
import { api } from '../../../lib/api-client';

/** Requests a page of the reader's list shows. */
export const DOC_DELIVERY_ROWS = 10;

export const docDeliveryKeys = {
  all: ['docDelivery'] as const,
  state: () => [...docDeliveryKeys.all, 'state'] as const,
  list: (page: number) => [...docDeliveryKeys.all, 'list', page] as const,
};

/** Whether the institution offers delivery, and the reader's login link (the menu entry shows only with one). */
export function useDocDeliveryState(enabled = true) {
  return useQuery({
    queryKey: docDeliveryKeys.state(),
    queryFn: ({ signal }): Promise<DocDeliveryState> => api.call(Calls.docDeliveryState, undefined, { signal }),
    enabled,
  });
}

export function useDocDeliveryList(page: number) {
  return useQuery({
    queryKey: docDeliveryKeys.list(page),
    queryFn: ({ signal }): Promise<DocDeliveryList> =>
      api.call(Calls.docDeliveryList, { page, rows: DOC_DELIVERY_ROWS }, { signal }),
    refetchOnMount: 'always',
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: docDeliveryKeys.all });
}

export function useSaveDocDelivery() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: Partial<DocDeliveryInput>): Promise<{ data: DocDeliveryRequest; message: string }> =>
      api.callWithMessage(Calls.docDeliverySave, input),
    onSettled: refresh,
  });
}

export function useCancelDocDelivery() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number): Promise<{ data: DocDeliveryRequest; message: string }> =>
      api.callWithMessage(Calls.docDeliveryCancel, { id }),
    onSettled: refresh,
  });
}
