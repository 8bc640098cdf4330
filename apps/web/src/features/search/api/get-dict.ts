import * as Calls from '@openfind/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DictResponse } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { searchKeys } from '../query-keys';

/** The institution's code lists (document types, languages, libraries, locations…) in the page's language. */
export function getDict(signal?: AbortSignal): Promise<DictResponse> {
  return api.call(Calls.dict, {}, { signal, silent: true });
}

/** Query options of the code lists; a failure is silent (codes are then shown as they are). */
export const dictQueryOptions = () =>
  queryOptions({ queryKey: searchKeys.dict(), queryFn: ({ signal }) => getDict(signal), staleTime: Infinity });

/** The code lists. */
export function useDict() {
  return useQuery(dictQueryOptions());
}
