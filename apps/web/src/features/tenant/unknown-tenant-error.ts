import { ErrCode } from '@openfind/contract';
import { ApiError } from '../../lib/http';

/** Whether a failed call says the institution of the mapping path does not exist. */
export function isUnknownTenant(error: unknown): boolean {
  return error instanceof ApiError && error.errCode === ErrCode.unknownTenant;
}
