import * as Calls from '@openfind/contract/calls';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { libraryKeys } from '../query-keys';

/** Tells the server which library the reader chose last. */
export function saveLastLibCode(libCode: string): Promise<unknown> {
  return api.call(Calls.saveLastLibCode, { libCode });
}

/** Mutation that saves the reader's library choice. */
export function useSaveLastLibCode() {
  return useMutation({ mutationKey: libraryKeys.saveLastLibCode(), mutationFn: saveLastLibCode });
}
