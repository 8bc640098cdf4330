import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { EResourceCalls, InputOf, OutputOf } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

type C = typeof EResourceCalls;
export type DbFeedbackQuery = InputOf<C['adminDbFeedback']>;
export type DbFeedbackPage = OutputOf<C['adminDbFeedback']>;
export type DbFeedback = DbFeedbackPage['list'][number];
export type HandleDbFeedback = InputOf<C['adminDbFeedbackHandle']>;
export type DbVisitFigures = OutputOf<C['adminDbVisits']>;
export type DbDetails = OutputOf<C['adminDbDetails']>;
export type SaveDbDetails = InputOf<C['adminDbDetailsSave']>;
export type DbSettings = OutputOf<C['adminEResourceSettings']>;
export type SaveDbSettings = InputOf<C['adminEResourceSettingsSave']>;

/** The query keys of the e-resources screen and of the navigation-fields dialog. */
export const eresourceKeys = {
  all: () => adminKeys.area('eresources'),
  feedback: (q: DbFeedbackQuery) => adminKeys.area('eresources', 'feedback', q),
  databases: () => adminKeys.area('eresources', 'databases'),
  visits: () => adminKeys.area('eresources', 'visits'),
  details: (id: number) => adminKeys.area('eresources', 'details', id),
  settings: () => adminKeys.area('eresources', 'settings'),
};

/** A page of trial feedback; the last page stays while the next loads. */
export function useDbFeedback(q: DbFeedbackQuery) {
  return useQuery({
    queryKey: eresourceKeys.feedback(q),
    queryFn: ({ signal }) => staffApi.call(Calls.adminDbFeedback, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The institution's databases (hidden ones too), for the queue's database filter. */
export function useDatabaseChoices() {
  return useQuery({
    queryKey: eresourceKeys.databases(),
    queryFn: ({ signal }) =>
      staffApi.call(Calls.contentCollections, { q: '', visibility: 'all', page: 1, rows: 100 }, { signal }),
    staleTime: 60_000,
  });
}

/**
 * Marks feedback read or handled, or replies. The server's message is the toast; a failure (a
 * change made meanwhile elsewhere) is the client's toast, and `onFailed` lets the card say it too.
 * The queue is asked again either way, so that the latest state is on screen.
 */
export function useHandleDbFeedback(onDone: () => void, onFailed: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HandleDbFeedback) => staffApi.callWithMessage(Calls.adminDbFeedbackHandle, input),
    onSuccess: ({ message }) => {
      notify('success', message);
      onDone();
    },
    onError: onFailed,
    onSettled: () => client.invalidateQueries({ queryKey: eresourceKeys.all() }),
  });
}

export function useDbVisits() {
  return useQuery({
    queryKey: eresourceKeys.visits(),
    queryFn: ({ signal }) => staffApi.call(Calls.adminDbVisits, {}, { signal }),
  });
}

export function useDbDetails(id: number) {
  return useQuery({
    queryKey: eresourceKeys.details(id),
    queryFn: ({ signal }) => staffApi.call(Calls.adminDbDetails, { id }, { signal }),
    // The form starts from what was read: no refetch behind the editor's back.
    refetchOnWindowFocus: false,
  });
}

export function useDbSettings() {
  return useQuery({
    queryKey: eresourceKeys.settings(),
    queryFn: ({ signal }) => staffApi.call(Calls.adminEResourceSettings, {}, { signal }),
    refetchOnWindowFocus: false,
  });
}

/** Saves a database's navigation fields (silent: the dialog says a failure at its place). */
export function useSaveDbDetails(onDone: (saved: DbDetails) => void, onFailed: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveDbDetails) => staffApi.callWithMessage(Calls.adminDbDetailsSave, input, { silent: true }),
    onSuccess: ({ data, message }) => {
      notify('success', message);
      client.setQueryData(eresourceKeys.details(data.id), data);
      onDone(data);
    },
    onError: onFailed,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.area('content') }),
  });
}

/** Saves the proxy prefix and campus networks (silent: the form says a failure at its field). */
export function useSaveDbSettings(onDone: (saved: DbSettings) => void, onFailed: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveDbSettings) =>
      staffApi.callWithMessage(Calls.adminEResourceSettingsSave, input, { silent: true }),
    onSuccess: ({ data, message }) => {
      notify('success', message);
      client.setQueryData(eresourceKeys.settings(), data);
      onDone(data);
    },
    onError: onFailed,
  });
}
