import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { EFavouritePage, FavouriteFolderList, FavouritePage } from '@openfind/contract';
import { api } from '../../lib/api-client';
import { notify } from '../../lib/antd';
import { searchKeys } from '../search';
import { recordKeys } from '../record';
import { favouriteKeys } from './query-keys';

export function useFolders() {
  return useQuery({
    queryKey: favouriteKeys.folders(),
    queryFn: ({ signal }): Promise<FavouriteFolderList> => api.call(Calls.favoritesList, {}, { signal }),
  });
}

export function useFolderRecords(folderId: number | null, keyword: string, page: number, rows: number, lang: string) {
  return useQuery({
    queryKey: favouriteKeys.records(folderId, keyword, page, lang),
    queryFn: ({ signal }): Promise<FavouritePage> =>
      api.call(
        Calls.favoritesRecordList,
        { ...(folderId === null ? {} : { favoritesId: folderId }), keyword, page, rows },
        { signal },
      ),
    enabled: folderId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useEFavourites(keyword: string, page: number, rows: number, lang: string) {
  return useQuery({
    queryKey: favouriteKeys.eList(keyword, page, lang),
    queryFn: ({ signal }): Promise<EFavouritePage> =>
      api.call(Calls.eFavoritesList, { keyword, page, rows }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every change refreshes the folders, their records and the marks of cached result and record pages. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: favouriteKeys.all });
    void client.invalidateQueries({ queryKey: searchKeys.all });
    void client.invalidateQueries({ queryKey: recordKeys.all });
  };
}

/**
 * The panel's changes. Each says the server's message (spec §8: '切换收藏夹成功！', '删除成功！'…) from
 * the mutation's own callback, which runs even when the change unmounts the button that made it.
 */
export function useFolderActions() {
  const refresh = useRefresh();
  const opts = {
    onSuccess: ({ message }: { message: string }) => {
      refresh();
      if (message) notify('success', message);
    },
  };
  return {
    create: useMutation({
      mutationFn: (favoritesName: string) => api.callWithMessage(Calls.favoritesAdd, { favoritesName }),
      ...opts,
    }),
    rename: useMutation({
      mutationFn: (q: { favoritesId: number; favoritesName: string; version: number }) =>
        api.callWithMessage(Calls.favoritesUpdate, q),
      ...opts,
    }),
    remove: useMutation({
      mutationFn: (favoritesId: number) => api.callWithMessage(Calls.favoritesDelete, { favoritesId }),
      ...opts,
    }),
    move: useMutation({
      mutationFn: (q: { favouriteIds: number[]; favoritesId: number }) => api.callWithMessage(Calls.favoritesMove, q),
      ...opts,
    }),
    cancel: useMutation({
      mutationFn: (favouriteIds: number[]) => api.callWithMessage(Calls.favoritesCancel, { favouriteIds }),
      ...opts,
    }),
    cancelE: useMutation({
      mutationFn: (collectionIds: number[]) => api.callWithMessage(Calls.eFavoritesCancel, { collectionIds }),
      ...opts,
    }),
  };
}

/** Every record of a folder, for an export. */
export function fetchFolderExport(favoritesId: number) {
  return api.call(Calls.favoritesExport, { favoritesId });
}
