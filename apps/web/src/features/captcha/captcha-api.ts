import * as Calls from '@openfind/contract/calls';
import type { CaptchaImage } from '@openfind/contract';
import { api } from '../../lib/api-client';

/** A new image code; scene 2 with userName for password recovery. */
export function fetchCaptcha(scene?: 1 | 2, userName?: string): Promise<CaptchaImage> {
  return api.call(Calls.verifyCodeImg, scene === 2 ? { scene: '2', userName: userName ?? '' } : {}, {
    silent: true,
  });
}
