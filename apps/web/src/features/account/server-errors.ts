import { AuthErrCode } from '@openfind/contract';
import { ApiError } from '../../lib/http';

/** A failed account call as a form shows it: on a field, or above the buttons. */
export type FormFailure = {
  /** The form field the failure belongs to, or null for the whole form. */
  field: string | null;
  /** The server's message (in the reader's language); '' when the caller must word it (transport failures). */
  message: string;
  /** errCode, for flows that react to one (an expired recovery starts again). */
  errCode: number | null;
  /** How it failed, to word transport failures. */
  kind: ApiError['kind'] | 'unknown';
};

/** Which field each account error belongs to in the account forms (names shared by the forms). */
const FIELD_OF_ERROR: Partial<Record<number, string>> = {
  [AuthErrCode.captchaWrong]: 'verifyCode',
  [AuthErrCode.passwordRule]: 'newPassword',
  [AuthErrCode.passwordEqualsAccount]: 'newPassword',
  [AuthErrCode.passwordUnchanged]: 'newPassword',
  [AuthErrCode.confirmMismatch]: 'confirmPassword',
  [AuthErrCode.codeWrong]: 'code',
  [AuthErrCode.contactInvalid]: 'target',
  [AuthErrCode.passwordRequired]: 'password',
};

/**
 * Places a failed call in a form: field errors where the form has that field (`fields`), everything
 * else (wrong password, lockout, daily limit, expired steps, network) for the whole form.
 */
export function toFormFailure(error: unknown, fields: readonly string[]): FormFailure {
  if (!(error instanceof ApiError)) return { field: null, message: '', errCode: null, kind: 'unknown' };
  const field = error.errCode === null ? undefined : FIELD_OF_ERROR[error.errCode];
  return {
    field: field && fields.includes(field) ? field : null,
    message: error.kind === 'business' ? error.message : '',
    errCode: error.errCode,
    kind: error.kind,
  };
}
