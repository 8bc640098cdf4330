import * as Calls from '@openfind/contract/calls';
import { api } from '../../../lib/api-client';
import type { ContactKind } from '../password-rules';

const silent = { silent: true } as const;

/** Binding a phone or e-mail of the logged-in reader (spec §4 forced binding). */
export const bindingApi = {
  /** Binding changes left today. */
  times: () => api.call(Calls.findChangeBindTimes, undefined, silent),
  /** Sends a code to the new address; answers the codes left today. */
  sendCode: (type: ContactKind, target: string) => api.call(Calls.sendBindCode, { type, target }, silent),
  /**
   * Binds the address the code was sent to, with the reader's current password ('' after single
   * sign-on, where a recent sign-in stands for it). POST, so that the password stays out of the address.
   */
  bind: (type: ContactKind, target: string, code: string, password: string) =>
    api.call(Calls.updateUserMailAndPhone, { type, target, code, password }, silent),
  /** Replaces the bound phone (a code sent to the new one first), with the current password. */
  resetPhone: (phone: string, code: string, password: string) =>
    api.call(Calls.resetPhone, { phone, code, password }, silent),
};
