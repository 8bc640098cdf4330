import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import { AVATAR_UPLOAD_TYPES } from '@openfind/contract';
import type { AvatarResult, InputOf, PersonalInfo, PersonalInfoCalls } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { loadUserInfo } from '../../auth';
import { myLibraryKeys } from '../query-keys';

export type PersonalInfoChange = InputOf<typeof PersonalInfoCalls.updatePersonalInfo>;

/** The reader's personal information (asked afresh whenever the panel opens: a binding elsewhere changes it). */
export function usePersonalInfo() {
  return useQuery({
    queryKey: myLibraryKeys.personalInfo(),
    queryFn: ({ signal }): Promise<PersonalInfo> => api.call(Calls.personalInfo, undefined, { signal }),
    refetchOnMount: 'always',
  });
}

/**
 * Saves the certificate number or the preferences: the answer is the new information, shown at once.
 * A refusal (the number's form) comes back to the form that sent it, not as a toast.
 */
export function useUpdatePersonalInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PersonalInfoChange): Promise<{ data: PersonalInfo; message: string }> =>
      api.callWithMessage(Calls.updatePersonalInfo, change, { silent: true }),
    onSuccess: ({ data }) => client.setQueryData(myLibraryKeys.personalInfo(), data),
  });
}

/** After an avatar change: the panel's information and the header's user info (its avatar) read again. */
async function refreshAvatar(client: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    client.invalidateQueries({ queryKey: myLibraryKeys.personalInfo() }),
    loadUserInfo().catch(() => undefined),
  ]);
}

/** Uploads an avatar (the file itself is the body); a refusal comes back to the panel. */
export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob): Promise<{ data: AvatarResult; message: string }> =>
      api.upload(Calls.uploadAvatar, file, AVATAR_UPLOAD_TYPES, { silent: true, timeoutMs: 120_000 }),
    onSuccess: () => refreshAvatar(client),
  });
}

/** Deletes the uploaded avatar. */
export function useDeleteAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<{ data: AvatarResult; message: string }> =>
      api.callWithMessage(Calls.deleteAvatar, undefined, { silent: true }),
    onSuccess: () => refreshAvatar(client),
  });
}
