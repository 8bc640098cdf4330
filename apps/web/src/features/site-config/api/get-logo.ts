import * as Calls from '@openfind/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LogoInfo } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { siteConfigKeys } from '../query-keys';

/** The tenant's logo, icon, logo link and display name. */
export function getLogo(signal?: AbortSignal): Promise<LogoInfo> {
  return api.call(Calls.getLogoUrl, undefined, { signal, silent: true });
}

/** Query options of the logo. */
export const logoQueryOptions = () =>
  queryOptions({ queryKey: siteConfigKeys.logo(), queryFn: ({ signal }) => getLogo(signal), staleTime: Infinity });

/** The tenant's logo information. */
export function useLogo() {
  return useQuery(logoQueryOptions());
}
