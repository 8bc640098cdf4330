import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type {
  AcceptedRequest,
  LoanListResponse,
  LoanSummary,
  ReaderCode,
  ReceivedDelivery,
  RenewResponse,
  RequestPage,
  UserLoanRules,
} from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { myLibraryKeys } from '../query-keys';

/**
 * Loans a page shows: every current loan at once (so that "renew all" renews all of them; the
 * contract's largest page), the history twenty at a time.
 */
export const loanRows = (current: boolean) => (current ? 200 : 20);

/** The reader's current loans (due soonest first) or loan history (latest return first). */
export function useLoans(current: boolean, page: number) {
  return useQuery({
    queryKey: myLibraryKeys.loans(current, page),
    queryFn: ({ signal }): Promise<LoanListResponse> =>
      api.call(current ? Calls.loanList : Calls.loanHistoryList, { page, rows: loanRows(current) }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The loan rules of the reader's type (they change seldom). */
export function useLoanRules() {
  return useQuery({
    queryKey: myLibraryKeys.loanRules(),
    queryFn: ({ signal }): Promise<UserLoanRules> => api.call(Calls.userLoanRules, undefined, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** My Library at a glance. */
export function useLoanSummary() {
  return useQuery({
    queryKey: myLibraryKeys.summary(),
    queryFn: ({ signal }): Promise<LoanSummary> => api.call(Calls.loanSummary, undefined, { signal }),
    // Asked afresh whenever My Library opens: a request or a renewal elsewhere changes it.
    refetchOnMount: 'always',
  });
}

/**
 * Renews loans; the answer says for each loan whether it was renewed (and until when) or why not.
 * The lists are asked again afterwards (due dates and counts changed).
 */
export function useRenew() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (loanIds: number[]): Promise<{ data: RenewResponse; message: string }> =>
      api.callWithMessage(Calls.reNew, { loanIds }),
    onSettled: () => client.invalidateQueries({ queryKey: myLibraryKeys.all }),
  });
}

/** The reader's requests: open ones first. */
export function useRequests(page: number) {
  return useQuery({
    queryKey: myLibraryKeys.requests(page),
    queryFn: ({ signal }): Promise<RequestPage> => api.call(Calls.requestList, { page, rows: 20 }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** Cancels a request; the lists are asked again. */
export function useCancelRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number): Promise<{ data: { cancelled: boolean }; message: string }> =>
      api.callWithMessage(Calls.cancelRequest, { requestId }),
    onSettled: () => client.invalidateQueries({ queryKey: myLibraryKeys.all }),
  });
}

/** A take code to show at the desk (5 minutes, used once). */
export function useTakeCode() {
  return useMutation({
    mutationFn: (): Promise<ReaderCode> => api.call(Calls.takeCode, undefined),
  });
}

/** A handover code for a ready request, to give another reader (5 minutes, used once). */
export function useHandoverCode() {
  return useMutation({
    mutationFn: (requestId: number): Promise<ReaderCode> => api.call(Calls.handoverCode, { requestId }),
  });
}

/** Accepts another reader's ready request with the code they gave; the lists are asked again. */
export function useAcceptRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pickupCode: string): Promise<{ data: AcceptedRequest; message: string }> =>
      api.callWithMessage(Calls.acceptRequest, { pickupCode }),
    onSettled: () => client.invalidateQueries({ queryKey: myLibraryKeys.all }),
  });
}

/** Confirms receipt of a home delivery the library sent (once); the lists are asked again. */
export function useConfirmReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number): Promise<{ data: ReceivedDelivery; message: string }> =>
      api.callWithMessage(Calls.confirmReceipt, { requestId }),
    onSettled: () => client.invalidateQueries({ queryKey: myLibraryKeys.all }),
  });
}
