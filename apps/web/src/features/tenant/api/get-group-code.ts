import * as Calls from '@openfind/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupInfo } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { tenantKeys } from '../query-keys';

/** Resolves a mapping path to its tenant (spec §7 getGroupCode); unknown paths fail with errCode 40001. */
export function getGroupCode(mappingPath: string, signal?: AbortSignal): Promise<GroupInfo> {
  // Silent: the tenant gate shows the failure as a page.
  return api.call(Calls.getGroupCode, { mappingPath }, { signal, silent: true });
}

/** Query options of the tenant lookup. */
export const groupCodeQueryOptions = (mappingPath: string) =>
  queryOptions({
    queryKey: tenantKeys.groupCode(mappingPath),
    queryFn: ({ signal }) => getGroupCode(mappingPath, signal),
    staleTime: Infinity,
  });

/** The current tenant's group info. */
export function useGroupCode(mappingPath: string) {
  return useQuery(groupCodeQueryOptions(mappingPath));
}
