import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { AskerCheck, DeclinedAsk, HolderAsks, ReaderCode, ReceivedBook } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/antd';
import { myLibraryKeys } from '../query-keys';

const relendAsksKey = myLibraryKeys.relendAsks();

/** The asks made of the reader for books they have on loan (re-lend: who asked is not said). */
export function useHolderAsks() {
  return useQuery({
    queryKey: relendAsksKey,
    queryFn: ({ signal }): Promise<HolderAsks> => api.call(Calls.subtencyList, undefined, { signal }),
    refetchOnMount: 'always',
  });
}

/** Agrees to pass a copy on: the handover code to give the asker (asked again: a new code). */
export function useAgreeRelend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number): Promise<{ data: ReaderCode; message: string }> =>
      api.callWithMessage(Calls.agreeSubtenancy, { requestId }),
    onSuccess: () => client.invalidateQueries({ queryKey: relendAsksKey }),
  });
}

/** Turns an ask down (or withdraws an agreement). */
export function useDeclineRelend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number): Promise<{ data: DeclinedAsk; message: string }> =>
      api.callWithMessage(Calls.declineSubtenancy, { requestId }),
    // Said here, not in mutate()'s callback: the ask's row leaves the list once answered.
    onSuccess: ({ message }) => notify('success', message),
    onSettled: () => client.invalidateQueries({ queryKey: relendAsksKey }),
  });
}

/** Whether the asker could take the book over now (yes or no only). */
export function useAskerCheck() {
  return useMutation({
    mutationFn: (requestId: number): Promise<AskerCheck> => api.call(Calls.userApplyCheck, { requestId }),
  });
}

/** Takes the copy over with the handover code: the loans and requests are asked again. */
export function useReceiveRelend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string): Promise<{ data: ReceivedBook; message: string }> =>
      api.callWithMessage(Calls.receiveSubtenancy, { code }, { silent: true }),
    // Said here, not in mutate()'s callback: the code box leaves the row once the book is taken over.
    onSuccess: ({ message }) => notify('success', message),
    onSettled: () => client.invalidateQueries({ queryKey: myLibraryKeys.all }),
  });
}
