import { useMutation } from '@tanstack/react-query';
import { ApiPath } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { libraryKeys } from '../query-keys';

/** Tells the server which library the reader chose last. */
export function saveLastLibCode(libCode: string): Promise<unknown> {
  return api.post<unknown>(ApiPath.saveLastLibCode, { libCode });
}

/** Mutation that saves the reader's library choice. */
export function useSaveLastLibCode() {
  return useMutation({ mutationKey: libraryKeys.saveLastLibCode(), mutationFn: saveLastLibCode });
}
