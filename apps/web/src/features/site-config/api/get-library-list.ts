import * as Calls from '@openfind/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LibraryItem } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { siteConfigKeys } from '../query-keys';

/** The tenant's libraries (spec §8: this list fails silently). */
export function getLibraryList(signal?: AbortSignal): Promise<LibraryItem[]> {
  return api.call(Calls.getLibraryList, undefined, { signal, silent: true });
}

/** Query options of the library list. */
export const libraryListQueryOptions = () =>
  queryOptions({
    queryKey: siteConfigKeys.libraries(),
    queryFn: ({ signal }) => getLibraryList(signal),
    staleTime: Infinity,
  });

/** The tenant's libraries. */
export function useLibraryList() {
  return useQuery(libraryListQueryOptions());
}
