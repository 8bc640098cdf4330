import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { InputOf, LibraryAdminCalls, OutputOf } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

export type Tree = OutputOf<typeof LibraryAdminCalls.libraryTree>;
export type Library = Tree['libraries'][number];
export type Campus = Library['campuses'][number];
export type Location = Campus['locations'][number];
export type Policies = OutputOf<typeof LibraryAdminCalls.loanPolicies>;
export type Policy = Policies['policies'][number];
export type SaveLibrary = InputOf<typeof LibraryAdminCalls.saveLibrary>;
export type SaveCampus = InputOf<typeof LibraryAdminCalls.saveCampus>;
export type SaveLocation = InputOf<typeof LibraryAdminCalls.saveLocation>;
export type DeletePlace = InputOf<typeof LibraryAdminCalls.deletePlace>;
export type Reorder = InputOf<typeof LibraryAdminCalls.reorderPlaces>;
export type SavePolicy = InputOf<typeof LibraryAdminCalls.saveLoanPolicy>;
export type DeletePolicy = InputOf<typeof LibraryAdminCalls.deleteLoanPolicy>;

/** The query keys of the libraries screen. */
export const librariesKeys = {
  all: () => adminKeys.area('libraries'),
  tree: () => adminKeys.area('libraries', 'tree'),
  policies: () => adminKeys.area('libraries', 'policies'),
};

/** The names of a row in the language of the screen (Simplified Chinese when it has none in it). */
export function shownName(row: { name: string; nameTw: string; nameEn: string }, lang: string): string {
  if (lang === 'en-US') return row.nameEn || row.name;
  if (lang === 'zh-TW') return row.nameTw || row.name;
  return row.name;
}

export function useTree() {
  return useQuery({
    queryKey: librariesKeys.tree(),
    queryFn: ({ signal }) => staffApi.call(Calls.libraryTree, undefined, { signal }),
  });
}

export function usePolicies() {
  return useQuery({
    queryKey: librariesKeys.policies(),
    queryFn: ({ signal }) => staffApi.call(Calls.loanPolicies, undefined, { signal }),
  });
}

/**
 * A change of the screen: the server's message shown once it is made; the tree (or the policies) read
 * again either way, so a change refused because someone else made one shows what they made.
 */
function useChange<I>(run: (input: I) => Promise<{ message: string }>, key: () => readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: ({ message }) => notify('success', message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key() }),
  });
}

export const useSaveLibrary = () =>
  useChange((v: SaveLibrary) => staffApi.callWithMessage(Calls.saveLibrary, v), librariesKeys.tree);
export const useSaveCampus = () =>
  useChange((v: SaveCampus) => staffApi.callWithMessage(Calls.saveCampus, v), librariesKeys.tree);
export const useSaveLocation = () =>
  useChange((v: SaveLocation) => staffApi.callWithMessage(Calls.saveLocation, v), librariesKeys.tree);
export const useDeletePlace = () =>
  useChange((v: DeletePlace) => staffApi.callWithMessage(Calls.deletePlace, v), librariesKeys.tree);
export const useReorder = () =>
  useChange((v: Reorder) => staffApi.callWithMessage(Calls.reorderPlaces, v), librariesKeys.tree);
export const useSavePolicy = () =>
  useChange((v: SavePolicy) => staffApi.callWithMessage(Calls.saveLoanPolicy, v), librariesKeys.policies);
export const useDeletePolicy = () =>
  useChange((v: DeletePolicy) => staffApi.callWithMessage(Calls.deleteLoanPolicy, v), librariesKeys.policies);
