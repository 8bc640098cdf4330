import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { BehaviourPage, BehaviourTab, PayMethod, Payment, TotalMoney } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { myLibraryKeys } from '../query-keys';

/** Behaviour records shown a page at a time. */
export const BEHAVIOUR_ROWS = 20;

/** The reader's behaviour records in a tab, with every tab's count. */
export function useBehaviours(tab: BehaviourTab, page: number) {
  return useQuery({
    queryKey: myLibraryKeys.behaviours(tab, page),
    queryFn: ({ signal }): Promise<BehaviourPage> =>
      api.call(Calls.behaviourList, { tab, page, rows: BEHAVIOUR_ROWS }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** What the reader owes, and whether it stops borrowing. */
export function useTotalMoney() {
  return useQuery({
    queryKey: myLibraryKeys.totalMoney(),
    queryFn: ({ signal }): Promise<TotalMoney> => api.call(Calls.totalMoney, undefined, { signal }),
    refetchOnMount: 'always',
  });
}

/** The ways to pay the institution offers (the desk first). */
export function usePayMethods(enabled: boolean) {
  return useQuery({
    queryKey: myLibraryKeys.payMethods(),
    queryFn: ({ signal }): Promise<PayMethod[]> => api.call(Calls.payMethods, undefined, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Opens a payment of some records (at the desk, or a QR code); the lists are asked again. */
export function useCreatePayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { fineIds: number[]; channel: string }): Promise<{ data: Payment; message: string }> =>
      api.callWithMessage(Calls.createPay, input),
    onSettled: () => client.invalidateQueries({ queryKey: myLibraryKeys.all }),
  });
}

/** A QR payment's status, asked every 2 seconds while it is pending (the poll step). */
export function usePaymentStatus(payment: Payment | null) {
  return useQuery({
    queryKey: myLibraryKeys.payment(payment?.paymentId ?? 0),
    queryFn: ({ signal }): Promise<{ data: Payment; message: string }> =>
      api.callWithMessage(Calls.payStatus, { paymentId: payment!.paymentId }, { signal }),
    enabled: payment !== null && payment.kind === 'qr',
    refetchInterval: (q) => ((q.state.data?.data.status ?? payment?.status) === 'pending' ? 2000 : false),
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
}

/** Withdraws a pending payment; the lists are asked again. */
export function useCancelPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number): Promise<{ data: Payment; message: string }> =>
      api.callWithMessage(Calls.cancelPay, { paymentId }),
    onSettled: () => client.invalidateQueries({ queryKey: myLibraryKeys.all }),
  });
}
