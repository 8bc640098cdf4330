import * as Calls from '@openfind/contract/calls';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /oga/forceModify`: the account and its current password, the new one twice. */
export type ChangePasswordInput = {
  username: string;
  password: string;
  newPassword: string;
  confirmPassword: string;
};

/** Changes a password with the current one (ends every session of the reader). */
export function changePassword(input: ChangePasswordInput): Promise<null> {
  return api.call(Calls.forceModify, input, { silent: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
