import type { FastifyRequest } from 'fastify';
import { SearchErrCode } from '@openfind/contract';
import { AppError } from '../../http/errors.js';

/**
 * The logged-in reader of a request. Readers and sessions arrive with the accounts feature; until
 * then no request has one, so reader-only calls answer 401.
 */
export function readerIdOf(_req: FastifyRequest): number | null {
  return null;
}

/** The reader of the request, or a 401 "please log in". */
export function requireReader(req: FastifyRequest): number {
  const id = readerIdOf(req);
  if (id === null) throw new AppError('loginRequired', SearchErrCode.loginRequired, {}, 401);
  return id;
}
