import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { InputOf, Subscription, SubscriptionCalls, SubscriptionList } from '@openfind/contract';
import { api } from '../../lib/api-client';

/** The reader's subscriptions live under My Library's keys (a logout clears them with the rest). */
export const subscriptionKeys = { all: () => ['myLibrary', 'subscriptions'] as const };

export function useSubscriptions(enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.all(),
    queryFn: ({ signal }): Promise<SubscriptionList> => api.call(Calls.subscriptionList, undefined, { signal }),
    refetchOnMount: 'always',
    enabled,
  });
}

export type SubscribeDraft = InputOf<typeof SubscriptionCalls.subscribe>;
export type SubscriptionPatch = InputOf<typeof SubscriptionCalls.updateSubscription>;

export function useSubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: SubscribeDraft): Promise<{ data: Subscription; message: string }> =>
      api.callWithMessage(Calls.subscribe, draft),
    onSettled: () => client.invalidateQueries({ queryKey: subscriptionKeys.all() }),
  });
}

export function useUpdateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SubscriptionPatch): Promise<{ data: Subscription; message: string }> =>
      api.callWithMessage(Calls.updateSubscription, patch),
    onSettled: () => client.invalidateQueries({ queryKey: subscriptionKeys.all() }),
  });
}

export function useDeleteSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: number): Promise<{ data: { subscriptionId: number }; message: string }> =>
      api.callWithMessage(Calls.deleteSubscription, { subscriptionId }),
    onSettled: () => client.invalidateQueries({ queryKey: subscriptionKeys.all() }),
  });
}
