import * as Calls from '@openfind/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InstitutionParams } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { siteConfigKeys } from '../query-keys';

/** Institution parameters: the AI-search flag and the version shown in the footer. */
export function getInstitution(signal?: AbortSignal): Promise<InstitutionParams> {
  return api.call(Calls.institutionGet, undefined, { signal, silent: true });
}

/** Query options of the institution parameters. */
export const institutionQueryOptions = () =>
  queryOptions({
    queryKey: siteConfigKeys.institution(),
    queryFn: ({ signal }) => getInstitution(signal),
    staleTime: Infinity,
  });

/** The institution parameters. */
export function useInstitution() {
  return useQuery(institutionQueryOptions());
}
