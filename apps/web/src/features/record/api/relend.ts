import { useMutation, useQuery } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { AskBook, AskedBook, RelendCheck } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../query-keys';

/** Whether the reader may ask for the record to be re-lent, and why not (asked when the dialog opens). */
export function useRelendCheck(recordId: number, enabled: boolean) {
  return useQuery({
    queryKey: recordKeys.relendCheck(recordId),
    queryFn: ({ signal }): Promise<RelendCheck> => api.call(Calls.beforeSubtenancy, { recordId }, { signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Asks the readers who have the record to pass a copy on. */
export function useAskBook() {
  return useMutation({
    mutationFn: (input: AskBook): Promise<{ data: AskedBook; message: string }> =>
      api.callWithMessage(Calls.askBook, input),
  });
}
