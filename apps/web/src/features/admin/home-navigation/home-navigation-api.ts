import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import { HomeNavErrCode } from '@openfind/contract';
import type { HomeNavigationCalls, InputOf, OutputOf } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

export type HomeUsage = OutputOf<typeof HomeNavigationCalls.adminHomeUsage>;
export type FixedIconSet = OutputOf<typeof HomeNavigationCalls.adminFixedIcons>;
export type SaveFixedIcons = InputOf<typeof HomeNavigationCalls.adminSaveFixedIcons>;

export const homeNavAdminKeys = {
  all: () => adminKeys.area('homeNavigation'),
  usage: (days: number) => adminKeys.area('homeNavigation', 'usage', days),
  icons: () => adminKeys.area('homeNavigation', 'icons'),
};

/** The navigation clicks and element counts of the last `days` days; the last answer stays while the next loads. */
export function useHomeUsage(days: number) {
  return useQuery({
    queryKey: homeNavAdminKeys.usage(days),
    queryFn: ({ signal }) => staffApi.call(Calls.adminHomeUsage, { days }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The icons, enabled or not, with the version a save names; read once (a reload is asked for). */
export function useAdminFixedIcons() {
  return useQuery({
    queryKey: homeNavAdminKeys.icons(),
    queryFn: ({ signal }) => staffApi.call(Calls.adminFixedIcons, undefined, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Whether a failure is "someone else saved since": the editor offers a reload. */
export const isIconsChangedMeanwhile = (error: unknown) =>
  (error as { errCode?: number } | null)?.errCode === HomeNavErrCode.changedMeanwhile;

/** Saves the whole list; the server's message is shown and the saved set (next version) replaces the one read. */
export function useSaveFixedIcons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveFixedIcons) => staffApi.callWithMessage(Calls.adminSaveFixedIcons, body, { silent: true }),
    onSuccess: ({ data, message }) => {
      notify('success', message);
      queryClient.setQueryData(homeNavAdminKeys.icons(), data);
    },
  });
}

/** Reads the icons again (after someone else's save). */
export function useReloadFixedIcons() {
  const queryClient = useQueryClient();
  return () => queryClient.resetQueries({ queryKey: homeNavAdminKeys.icons() });
}
