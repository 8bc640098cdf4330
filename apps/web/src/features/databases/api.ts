import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type {
  DbDetail,
  DbPage,
  DbScreenConditions,
  DbVisit,
  EResourceCalls,
  InputOf,
  MyTrialFeedback,
} from '@openfind/contract';
import { api } from '../../lib/api-client';
import { dbKeys } from './query-keys';

/** The databases navigation's calls: screen, lists, a database's page, visits, trial feedback, keeping one. */

export type DbListQuery = InputOf<typeof EResourceCalls.dbList>;
export type NewDbKind = 'all' | 'new' | 'trial';

export function useDbScreen(lang: string) {
  return useQuery({
    queryKey: dbKeys.screen(lang),
    queryFn: ({ signal }): Promise<DbScreenConditions> => api.call(Calls.dbScreenList, {}, { signal }),
  });
}

export function useDbList(q: DbListQuery, lang: string) {
  return useQuery({
    queryKey: dbKeys.list(q, lang),
    queryFn: ({ signal }): Promise<DbPage> => api.call(Calls.dbList, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNewDbList(kind: NewDbKind, page: number, rows: number, lang: string) {
  return useQuery({
    queryKey: dbKeys.newList(kind, page, lang),
    queryFn: ({ signal }): Promise<DbPage> => api.call(Calls.newDbList, { kind, page, rows }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDbDetail(id: number, lang: string) {
  return useQuery({
    queryKey: dbKeys.detail(id, lang),
    queryFn: ({ signal }): Promise<DbDetail> => api.call(Calls.dbDetails, { id }, { signal, silent: true }),
    enabled: id > 0,
    retry: false,
  });
}

/** Counts the visit and answers the link; the page's figures are read again. */
export function useVisit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<DbVisit> => api.call(Calls.dbVisit, { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: dbKeys.all }),
  });
}

export function useMyFeedback(id: number, enabled: boolean) {
  return useQuery({
    queryKey: dbKeys.myFeedback(id),
    queryFn: ({ signal }): Promise<MyTrialFeedback> => api.call(Calls.dbMyFeedback, { id }, { signal, silent: true }),
    enabled: enabled && id > 0,
  });
}

export function useSendFeedback(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { content: string; rating: number | null }) =>
      api.callWithMessage(Calls.dbFeedback, { id, content: v.content, rating: v.rating }),
    onSuccess: () => qc.invalidateQueries({ queryKey: dbKeys.myFeedback(id) }),
  });
}

/** The databases the reader keeps (e-favourites). */
export function useKeptIds(enabled: boolean) {
  return useQuery({
    queryKey: dbKeys.kept(),
    queryFn: ({ signal }) => api.call(Calls.eFavoritesIds, {}, { signal, silent: true }),
    enabled,
  });
}

export function useKeep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, keep }: { id: number; keep: boolean }): Promise<{ message: string }> =>
      keep
        ? api.callWithMessage(Calls.eFavoritesAdd, { collectionId: id })
        : api.callWithMessage(Calls.eFavoritesCancel, { collectionId: id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: dbKeys.myLibrary }),
  });
}
