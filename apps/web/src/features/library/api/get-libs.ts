import * as Calls from '@openfind/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LibraryItem } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { libraryKeys } from '../query-keys';

/** Libraries a reader can choose from in the header (spec §7 getlibs; fails silently). */
export function getLibs(signal?: AbortSignal): Promise<LibraryItem[]> {
  return api.call(Calls.getLibs, undefined, { signal, silent: true });
}

/** Query options of the selectable libraries. */
export const libsQueryOptions = () =>
  queryOptions({ queryKey: libraryKeys.libs(), queryFn: ({ signal }) => getLibs(signal), staleTime: Infinity });

/** The selectable libraries; only fetched when enabled (independentLibCode '1'). */
export function useLibs(enabled: boolean) {
  return useQuery({ ...libsQueryOptions(), enabled });
}
