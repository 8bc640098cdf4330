import * as Calls from '@openfind/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuList } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { menuKeys } from '../query-keys';

/** The tenant's menus (menuA is the header menu). */
export function getMenuList(signal?: AbortSignal): Promise<MenuList> {
  return api.call(Calls.getMenuList, undefined, { signal, silent: true });
}

/** Query options of the menus. */
export const menuListQueryOptions = () =>
  queryOptions({ queryKey: menuKeys.list(), queryFn: ({ signal }) => getMenuList(signal), staleTime: Infinity });

/** The tenant's menus. */
export function useMenuList() {
  return useQuery(menuListQueryOptions());
}
