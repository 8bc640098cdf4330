import { homeInfo } from '@openfind/contract/calls';
import type { HomeInfo } from '@openfind/contract';
import { api } from '../../lib/api-client';

/** The home page's figures (`/find/homePage/info`); silent: the cards simply show none on a failure. */
export function getHomeInfo(signal?: AbortSignal): Promise<HomeInfo> {
  return api.call(homeInfo, undefined, { signal, silent: true });
}
