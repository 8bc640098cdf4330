import * as Calls from '@openfind/contract/calls';
import type { InputOf, LoanCalls, OutputOf } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import type { RequestOptions } from '../../../lib/http';

/**
 * Hot borrowing (`getHotLoan`): records by loans, or loans per copy, in the last 7, 30, 90 or 365 days.
 * `options.silent` for the home page, where a failed list is simply hidden (spec §8).
 */
export function getHotLoan(
  body: InputOf<typeof LoanCalls.getHotLoan>,
  options?: RequestOptions,
): Promise<OutputOf<typeof LoanCalls.getHotLoan>> {
  return api.call(Calls.getHotLoan, body, options);
}
