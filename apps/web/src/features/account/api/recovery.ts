import * as Calls from '@openfind/contract/calls';
import type { AuthCalls, OutputOf } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import type { ContactKind } from '../password-rules';

/** Codes that can still be sent today, of a daily limit. */
export type RemainingTimes = OutputOf<typeof AuthCalls.findCodeTimes>;
/** Where recovery codes can go: masked addresses, '1' when verified. */
export type RecoveryContacts = OutputOf<typeof AuthCalls.checkUser>;

const silent = { silent: true } as const;
const channels = {
  phone: { send: Calls.sendPhoneCode, times: Calls.findCodeTimes, check: Calls.checkPhoneCode },
  mail: { send: Calls.sendMailCode, times: Calls.findMailCodeTimes, check: Calls.checkMailCode },
} as const satisfies Record<ContactKind, unknown>;

/** The password recovery calls (spec §7 "Password recovery and binding"), in the order of the steps. */
export const recoveryApi = {
  /** Step 1: the scene-2 image code of the account opens a recovery. */
  open: (q: { userName: string; verifyCode: string; codeKey: string }) => api.call(Calls.checkImgCode, q, silent),
  /** Step 2: the verified phone and e-mail of the account, masked. */
  contacts: (findKey: string, userName: string) => api.call(Calls.checkUser, { findKey, userName }, silent),
  /** Codes left today on a channel. */
  times: (findKey: string, channel: ContactKind) => api.call(channels[channel].times, { findKey }, silent),
  /** Step 3: sends a code; answers the codes left today. */
  send: (findKey: string, channel: ContactKind) => api.call(channels[channel].send, { findKey }, silent),
  /** Step 4: the code the reader received. */
  check: (findKey: string, channel: ContactKind, code: string) =>
    api.call(channels[channel].check, { findKey, code }, silent),
  /** Step 5: the new password (ends the recovery and every session). */
  finish: (findKey: string, password: string, confirmPassword: string) =>
    api.call(Calls.updateUserPassword, { findKey, password, confirmPassword }, silent),
};
