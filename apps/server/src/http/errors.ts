import { DiscoveryErrCode, ErrCode } from '@openfind/contract';
import type { MessageKey } from './messages.js';

/**
 * A failure the client should see: a code, a message key (translated when the reply is made)
 * and the HTTP status (200 for business failures, as the real API does).
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly errCode: number,
    readonly params: Record<string, string | number> = {},
    readonly statusCode = 200,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/** Business-rule errors the services throw. */
export const Errors = {
  unknownTenant: (mappingPath: string) => new AppError('unknownTenant', ErrCode.unknownTenant, { mappingPath }),
  groupCodeMismatch: () => new AppError('groupCodeMismatch', ErrCode.groupCodeMismatch),
  unknownLibrary: (libCode: string) => new AppError('unknownLibrary', ErrCode.unknownLibrary, { libCode }),
  accessInterrupted: () => new AppError('accessInterrupted', ErrCode.accessInterrupted),
  recordNotFound: (recordId: number) => new AppError('recordNotFound', DiscoveryErrCode.recordNotFound, { recordId }),
  bookListNotFound: (bookListId: number) =>
    new AppError('bookListNotFound', DiscoveryErrCode.bookListNotFound, { bookListId }),
  commentEmpty: () => new AppError('commentEmpty', DiscoveryErrCode.commentEmpty),
};
