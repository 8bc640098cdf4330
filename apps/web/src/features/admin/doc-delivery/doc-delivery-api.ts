import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { DocDeliveryCalls, InputOf, OutputOf } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

export type DocQuery = InputOf<typeof DocDeliveryCalls.adminDocDeliveryList>;
export type DocList = OutputOf<typeof DocDeliveryCalls.adminDocDeliveryList>;
export type DocItem = DocList['list'][number];
export type DocSettingsInput = InputOf<typeof DocDeliveryCalls.adminDocDeliverySaveSettings>;

export const docDeliveryAdminKeys = {
  all: () => adminKeys.area('docDelivery'),
  list: (q: DocQuery) => adminKeys.area('docDelivery', 'list', q),
  settings: () => adminKeys.area('docDelivery', 'settings'),
};

/** A page of the institution's requests; the last page stays while the next loads. */
export function useDocRequests(q: DocQuery) {
  return useQuery({
    queryKey: docDeliveryAdminKeys.list(q),
    queryFn: ({ signal }) => staffApi.call(Calls.adminDocDeliveryList, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Sends a failed request again; the server says whether the service took it. */
export function useResendDocRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => staffApi.callWithMessage(Calls.adminDocDeliveryResend, { id }),
    onSuccess: ({ data, message }) => notify(data.status === 'sent' ? 'success' : 'warning', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: docDeliveryAdminKeys.all() }),
  });
}

export function useDocSettings(enabled: boolean) {
  return useQuery({
    queryKey: docDeliveryAdminKeys.settings(),
    queryFn: ({ signal }) => staffApi.call(Calls.adminDocDeliverySettings, undefined, { signal }),
    enabled,
  });
}

export function useSaveDocSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: DocSettingsInput) => staffApi.callWithMessage(Calls.adminDocDeliverySaveSettings, s),
    onSuccess: ({ message }) => {
      notify('success', message);
      return queryClient.invalidateQueries({ queryKey: docDeliveryAdminKeys.settings() });
    },
  });
}
