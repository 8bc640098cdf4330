/**
 * Self-service account closing and "download my data" (My Library key 14, `/find/userLogOut/*`):
 * codes and the kinds of what keeps an account open, plain values free of schemas
 * (account-closing.ts re-exports them), so that the web app names each reason without zod.
 */

/** Error codes of the account-closing calls (in `errCode`). */
export const AccountClosingErrCode = {
  /** Something keeps the account open (loans, requests, fines…): `data` lists the reasons. */
  blocked: 43001,
  /** The password typed is not the account's. */
  passwordWrong: 43002,
  /** The reader did not confirm that they downloaded their data and understood the warning. */
  notConfirmed: 43003,
  /** The account is closed already (another tab or a second click closed it). */
  alreadyClosed: 43004,
  /** The library's circulation system could not be asked what the reader still has: try again later. */
  unreachable: 43005,
} as const;

/**
 * What keeps an account open: current loans, reservations and closed-stack requests still open,
 * home deliveries not received, re-lend asks open (as asker or as the reader asked to pass a copy
 * on), money owed, a deposit or prepayment the library still holds, donations the library has not
 * decided.
 */
export const CLOSING_BLOCKS = [
  'loans',
  'requests',
  'deliveries',
  'relends',
  'relendHolder',
  'fines',
  'deposit',
  'donations',
] as const;
export type ClosingBlock = (typeof CLOSING_BLOCKS)[number];

/** The file name of a data export made on `date` (YYYY-MM-DD). */
export const exportFileName = (date: string) => `openfind-my-data-${date}.json`;

/** The version of the export's layout (a field of the file). */
export const EXPORT_FORMAT_VERSION = 1;
