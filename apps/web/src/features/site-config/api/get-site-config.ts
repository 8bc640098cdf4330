import * as Calls from '@openfind/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSiteConfig } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { siteConfigKeys } from '../query-keys';

/** The tenant's site configuration (spec §3), every field filled with its default by the server. */
export function getSiteConfig(signal?: AbortSignal): Promise<PublicSiteConfig> {
  return api.call(Calls.getFindConfig, undefined, { signal });
}

/** Query options of the site configuration (cached for the page's life: a change reloads). */
export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: siteConfigKeys.config(),
    queryFn: ({ signal }) => getSiteConfig(signal),
    staleTime: Infinity,
  });

/** The site configuration; only read it below the site-config gate, where it is loaded. */
export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}
