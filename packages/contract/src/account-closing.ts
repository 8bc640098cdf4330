import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { CLOSING_BLOCKS } from './values/account-closing.js';
export * from './values/account-closing.js';

/**
 * Self-service account closing (spec §2 key 14 "注销", §7 `/find/userLogOut/*`, whose payloads the
 * spec does not show: designed here). The reader sees what keeps the account open (`check`),
 * downloads their data (`export`, also offered at any time from personal information), and closes
 * the account with the password (`logOut`): the checks run again in the closing transaction, the
 * personal data is deleted or anonymised, every session ends and the account cannot log in again.
 */

/** One thing that keeps the account open, with how many (loans, requests…) or how much (yuan). */
export const ClosingReason = z.object({
  kind: z.enum(CLOSING_BLOCKS),
  count: z.number().int(),
  /** The amount in yuan ("1.20") for fines and deposits; '' otherwise. */
  amount: z.string(),
  /** The reason in the request's language. */
  text: z.string(),
});
export type ClosingReason = z.infer<typeof ClosingReason>;

/** `GET /find/userLogOut/check`: whether the account can be closed now, and if not why. */
export const ClosingCheck = z.object({
  closable: z.boolean(),
  reasons: z.array(ClosingReason),
  /** The account name shown in the warning. */
  account: z.string(),
});
export type ClosingCheck = z.infer<typeof ClosingCheck>;

/** `POST /find/userLogOut/logOut`: the password, and the reader's confirmation of the warning. */
export const CloseAccountRequest = z.object({
  /** As typed, or in the configured client-side cipher form (as the login takes it). */
  password: z.string().max(512),
  /** The reader ticked "I have downloaded my data and understand that closing cannot be undone". */
  confirmed: z.boolean(),
});
export type CloseAccountRequest = z.infer<typeof CloseAccountRequest>;

export const ClosedAccount = z.object({
  /** ISO 8601. */
  closedAt: z.string(),
});
export type ClosedAccount = z.infer<typeof ClosedAccount>;

/** The reader's own data calls and the closing of the account. */
export const AccountClosingCalls = calls('account-closing', {
  closingCheck: get('/find/userLogOut/check', {
    output: ClosingCheck,
    access: 'reader',
    summary: 'Whether the account can be closed now: loans, requests, fines… that keep it open, translated',
  }),
  exportMyData: get('/find/userLogOut/export', {
    output: undefined,
    access: 'reader',
    summary:
      "Download the reader's data: one JSON file (attachment named with the date) with the profile, loans, " +
      'requests, fines and payments, points, addresses, favourites, comments and ratings, suggestions, ' +
      'donations, messages and what other features keep of the reader',
  }),
  closeAccount: post('/find/userLogOut/logOut', {
    input: CloseAccountRequest,
    output: ClosedAccount,
    access: 'reader',
    summary:
      'Close the account with the password: checks again, deletes or anonymises the personal data, ends every session',
  }),
});
