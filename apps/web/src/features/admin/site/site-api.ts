import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import { SITE_ASSET_TYPES, SiteAdminErrCode } from '@openfind/contract';
import type { InputOf, OutputOf, SiteAdminCalls } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

export type SiteSettings = OutputOf<typeof SiteAdminCalls.siteAdminSettings>;
export type SectionSave = InputOf<typeof SiteAdminCalls.siteAdminSaveSection>;
export type MenuSave = InputOf<typeof SiteAdminCalls.siteAdminSaveMenu>;
export type UploadedImage = OutputOf<typeof SiteAdminCalls.siteAdminUpload>;

/** The query keys of the site configuration screen. */
export const siteKeys = {
  settings: () => adminKeys.area('site', 'settings'),
};

/** Everything the screen edits, with the version a save names; read once (a reload is asked for). */
export function useSiteSettings() {
  return useQuery({
    queryKey: siteKeys.settings(),
    queryFn: ({ signal }) => staffApi.call(Calls.siteAdminSettings, undefined, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Whether a failure is "someone else saved since": the screen offers a reload. */
export const isChangedMeanwhile = (error: unknown) =>
  (error as { errCode?: number } | null)?.errCode === SiteAdminErrCode.changedMeanwhile;

/** Saves a section; the server's message is shown, the answer carries the next version. */
export function useSaveSection() {
  return useMutation({
    mutationFn: (body: SectionSave) => staffApi.callWithMessage(Calls.siteAdminSaveSection, body),
    onSuccess: ({ message }) => notify('success', message),
  });
}

/** Saves one menu group, whole. */
export function useSaveMenu() {
  return useMutation({
    mutationFn: (body: MenuSave) => staffApi.callWithMessage(Calls.siteAdminSaveMenu, body),
    onSuccess: ({ message }) => notify('success', message),
  });
}

/** Uploads an image (the server judges it by its content); answers its address. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: Blob) => staffApi.upload(Calls.siteAdminUpload, file, SITE_ASSET_TYPES, { timeoutMs: 60_000 }),
    onSuccess: ({ message }) => notify('success', message),
  });
}

/** Asks for everything again (after someone else's save). */
export function useReloadSettings() {
  const queryClient = useQueryClient();
  return () => queryClient.resetQueries({ queryKey: siteKeys.settings() });
}
