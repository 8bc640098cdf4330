import { describe, expect, it } from 'vitest';
import { AuthErrCode } from '@openfind/contract';
import { ApiError } from '../../lib/http';
import { toFormFailure } from './server-errors';

const business = (errCode: number, message = 'm') => new ApiError('business', message, errCode, 200);

describe('failed account calls in a form', () => {
  it('puts field errors on the field when the form has it', () => {
    expect(toFormFailure(business(AuthErrCode.captchaWrong), ['verifyCode'])).toMatchObject({
      field: 'verifyCode',
      message: 'm',
    });
    expect(toFormFailure(business(AuthErrCode.passwordRule), ['newPassword']).field).toBe('newPassword');
    expect(toFormFailure(business(AuthErrCode.codeWrong), ['code']).field).toBe('code');
  });

  it('keeps it for the whole form when the form lacks the field', () => {
    expect(toFormFailure(business(AuthErrCode.captchaWrong), ['code']).field).toBeNull();
  });

  it('wrong password, lockout and limits are for the whole form', () => {
    for (const code of [AuthErrCode.badCredentials, AuthErrCode.accountLocked, AuthErrCode.dailyLimit]) {
      expect(toFormFailure(business(code), ['password', 'verifyCode', 'code']).field).toBeNull();
    }
  });

  it('transport failures carry no message: the form words them', () => {
    expect(toFormFailure(new ApiError('network', 'Failed to fetch'), ['code'])).toMatchObject({
      field: null,
      message: '',
      kind: 'network',
    });
    expect(toFormFailure(new Error('x'), [])).toMatchObject({ kind: 'unknown', message: '' });
  });
});
