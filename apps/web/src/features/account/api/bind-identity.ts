import * as Calls from '@openfind/contract/calls';
import type { LoginResult, RelevanceRequest, UserBindRequest } from '@openfind/contract';
import { api } from '../../../lib/api-client';

/** POST /oga/userBind: binds the WeChat account of the `openId` ticket to a library account (then log in again). */
export function bindWechat(body: UserBindRequest): Promise<null> {
  return api.call(Calls.userBind, body, { silent: true });
}

/** POST /oga/passportRelevanceLspUser: relates the outside account of `uid` to a reader by name and account. */
export function relateAccount(body: RelevanceRequest): Promise<LoginResult> {
  return api.call(Calls.passportRelevance, body, { silent: true });
}
