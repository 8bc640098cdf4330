import { ApiPath } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import type { ContactKind } from '../password-rules';

/** Codes that can still be sent today, of a daily limit. */
export type RemainingTimes = { times: number; limit: number };
/** Where recovery codes can go: masked addresses, '1' when verified. */
export type RecoveryContacts = { phone: string; email: string; phoneFlag: string; emailFlag: string };

const silent = { silent: true } as const;
const paths = {
  phone: { send: ApiPath.sendPhoneCode, times: ApiPath.findCodeTimes, check: ApiPath.checkPhoneCode },
  mail: { send: ApiPath.sendMailCode, times: ApiPath.findMailCodeTimes, check: ApiPath.checkMailCode },
} as const satisfies Record<ContactKind, { send: string; times: string; check: string }>;

/** The password recovery calls (spec §7 "Password recovery and binding"), in the order of the steps. */
export const recoveryApi = {
  /** Step 1: the scene-2 image code of the account opens a recovery. */
  open: (q: { userName: string; verifyCode: string; codeKey: string }) =>
    api.get<{ findKey: string; expiresIn: number }>(ApiPath.checkImgCode, q, silent),
  /** Step 2: the verified phone and e-mail of the account, masked. */
  contacts: (findKey: string, userName: string) =>
    api.post<RecoveryContacts>(ApiPath.checkUser, { findKey, userName }, silent),
  /** Codes left today on a channel. */
  times: (findKey: string, channel: ContactKind) => api.get<RemainingTimes>(paths[channel].times, { findKey }, silent),
  /** Step 3: sends a code; answers the codes left today. */
  send: (findKey: string, channel: ContactKind) => api.get<RemainingTimes>(paths[channel].send, { findKey }, silent),
  /** Step 4: the code the reader received. */
  check: (findKey: string, channel: ContactKind, code: string) =>
    api.get<null>(paths[channel].check, { findKey, code }, silent),
  /** Step 5: the new password (ends the recovery and every session). */
  finish: (findKey: string, password: string, confirmPassword: string) =>
    api.post<null>(ApiPath.updateUserPassword, { findKey, password, confirmPassword }, silent),
};
