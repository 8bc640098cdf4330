import { formatSipDateTime } from './datetime.js';
import { buildMessage } from './message.js';

/** A request ready to send: its text (without error detection) and the code of the answer it expects. */
export interface Sip2Request {
  /** The request's message code ("63"). */
  code: string;
  /** The code of the answer ("64"). */
  answer: string;
  /** The message text, without sequence number and checksum. */
  text: string;
}

const EMPTY_DATE = ' '.repeat(18);
const yn = (value: boolean | undefined): string => (value ? 'Y' : 'N');

/** Login (93): the terminal's account on the circulation system. */
export interface LoginInput {
  /** Login user id (CN). */
  user: string;
  /** Login password (CO). */
  password: string;
  /** Location code of the terminal (CP). */
  locationCode?: string;
}

/** Login (93 → 94). Plain-text user id and password (algorithm "0"), as every system in use expects. */
export function loginRequest(input: LoginInput): Sip2Request {
  return {
    code: '93',
    answer: '94',
    text: buildMessage('93', '00', [
      ['CN', input.user],
      ['CO', input.password],
      ['CP', input.locationCode],
    ]),
  };
}

/** SC status (99 → 98): the terminal is ready; the answer tells what the system supports. */
export function scStatusRequest(input: { statusCode?: 0 | 1 | 2; maxPrintWidth?: number } = {}): Sip2Request {
  const width = String(Math.min(999, Math.max(0, input.maxPrintWidth ?? 0))).padStart(3, '0');
  return { code: '99', answer: '98', text: buildMessage('99', `${input.statusCode ?? 0}${width}2.00`) };
}

/** What fields every patron request carries. */
interface PatronRequestBase {
  /** Institution id (AO). */
  institutionId: string;
  /** The reader's card number (AA). */
  patronId: string;
  /** The reader's password (AD); left out when undefined. */
  patronPassword?: string;
  /** Terminal password (AC); left out when undefined. */
  terminalPassword?: string;
  /** Transaction date; the request's own clock. */
  now: Date;
}

/** Which list a patron information request asks for (one at a time: the summary field holds a single "Y"). */
export type PatronSummaryKind = 'hold' | 'overdue' | 'charged' | 'fine' | 'recall' | 'unavailable-hold';

/** Position of each list in the summary field. */
const SUMMARY_POSITION: Record<PatronSummaryKind, number> = {
  hold: 0,
  overdue: 1,
  charged: 2,
  fine: 3,
  recall: 4,
  'unavailable-hold': 5,
};

/** A list of a reader's items to ask for, with an optional 1-based range (BP start, BQ end). */
export interface PatronSummary {
  kind: PatronSummaryKind;
  start?: number;
  end?: number;
}

/** Patron information (63 → 64). */
export function patronInformationRequest(
  input: PatronRequestBase & { language?: string; summary?: PatronSummary },
): Sip2Request {
  const summary = [...' '.repeat(10)];
  if (input.summary) summary[SUMMARY_POSITION[input.summary.kind]] = 'Y';
  return {
    code: '63',
    answer: '64',
    text: buildMessage('63', `${input.language ?? '000'}${formatSipDateTime(input.now)}${summary.join('')}`, [
      ['AO', input.institutionId],
      ['AA', input.patronId],
      ['AC', input.terminalPassword],
      ['AD', input.patronPassword],
      ['BP', input.summary?.start?.toString()],
      ['BQ', input.summary?.end?.toString()],
    ]),
  };
}

/** Item information (17 → 18). */
export function itemInformationRequest(input: {
  institutionId: string;
  itemId: string;
  terminalPassword?: string;
  now: Date;
}): Sip2Request {
  return {
    code: '17',
    answer: '18',
    text: buildMessage('17', formatSipDateTime(input.now), [
      ['AO', input.institutionId],
      ['AB', input.itemId],
      ['AC', input.terminalPassword],
    ]),
  };
}

/** Checkout (11 → 12). The terminal password (AC) is a required field of this message: sent empty when unset. */
export function checkoutRequest(
  input: PatronRequestBase & {
    itemId: string;
    /** The terminal may renew an item the reader already has (SC renewal policy). */
    renewalPolicy?: boolean;
    noBlock?: boolean;
    feeAcknowledged?: boolean;
  },
): Sip2Request {
  return {
    code: '11',
    answer: '12',
    text: buildMessage(
      '11',
      `${yn(input.renewalPolicy)}${yn(input.noBlock)}${formatSipDateTime(input.now)}${EMPTY_DATE}`,
      [
        ['AO', input.institutionId],
        ['AA', input.patronId],
        ['AB', input.itemId],
        ['AC', input.terminalPassword ?? ''],
        ['AD', input.patronPassword],
        ['BO', input.feeAcknowledged === undefined ? undefined : yn(input.feeAcknowledged)],
      ],
    ),
  };
}

/** Renew (29 → 30) of one item, by item id (AB) or title (AJ). */
export function renewRequest(
  input: PatronRequestBase & { itemId?: string; titleId?: string; feeAcknowledged?: boolean },
): Sip2Request {
  return {
    code: '29',
    answer: '30',
    text: buildMessage('29', `NN${formatSipDateTime(input.now)}${EMPTY_DATE}`, [
      ['AO', input.institutionId],
      ['AA', input.patronId],
      ['AD', input.patronPassword],
      ['AB', input.itemId],
      ['AJ', input.titleId],
      ['AC', input.terminalPassword],
      ['BO', input.feeAcknowledged === undefined ? undefined : yn(input.feeAcknowledged)],
    ]),
  };
}

/** Checkin (09 → 10): an item returned (no reader: the system knows whose loan it ends). */
export function checkinRequest(input: {
  institutionId: string;
  itemId: string;
  /** Where the item was returned (AP). */
  currentLocation?: string;
  terminalPassword?: string;
  now: Date;
}): Sip2Request {
  return {
    code: '09',
    answer: '10',
    text: buildMessage('09', `N${formatSipDateTime(input.now)}${formatSipDateTime(input.now)}`, [
      ['AP', input.currentLocation ?? ''],
      ['AO', input.institutionId],
      ['AB', input.itemId],
      ['AC', input.terminalPassword ?? ''],
    ]),
  };
}

/** Renew all (65 → 66) of a reader's loans. */
export function renewAllRequest(input: PatronRequestBase & { feeAcknowledged?: boolean }): Sip2Request {
  return {
    code: '65',
    answer: '66',
    text: buildMessage('65', formatSipDateTime(input.now), [
      ['AO', input.institutionId],
      ['AA', input.patronId],
      ['AD', input.patronPassword],
      ['AC', input.terminalPassword],
      ['BO', input.feeAcknowledged === undefined ? undefined : yn(input.feeAcknowledged)],
    ]),
  };
}

/** SIP2 hold types (BY). */
export type HoldType = 'other' | 'any-copy' | 'specific-copy' | 'any-copy-at-location';

const HOLD_TYPE_CODE: Record<HoldType, string> = {
  other: '1',
  'any-copy': '2',
  'specific-copy': '3',
  'any-copy-at-location': '4',
};

/** Hold (15 → 16): place ("+"), cancel ("-") or change ("*") a reader's hold on an item or title. */
export function holdRequest(
  input: PatronRequestBase & {
    mode: '+' | '-' | '*';
    itemId?: string;
    titleId?: string;
    /** Pickup location (BS). */
    pickupLocation?: string;
    /** Hold type (BY). */
    holdType?: HoldType;
    /** When the hold lapses (BW). */
    expiresAt?: Date;
    feeAcknowledged?: boolean;
  },
): Sip2Request {
  return {
    code: '15',
    answer: '16',
    text: buildMessage('15', `${input.mode}${formatSipDateTime(input.now)}`, [
      ['BW', input.expiresAt && formatSipDateTime(input.expiresAt)],
      ['BS', input.pickupLocation],
      ['BY', input.holdType && HOLD_TYPE_CODE[input.holdType]],
      ['AO', input.institutionId],
      ['AA', input.patronId],
      ['AD', input.patronPassword],
      ['AB', input.itemId],
      ['AJ', input.titleId],
      ['AC', input.terminalPassword],
      ['BO', input.feeAcknowledged === undefined ? undefined : yn(input.feeAcknowledged)],
    ]),
  };
}

/** End patron session (35 → 36): the reader is done; the system may drop what it cached. */
export function endPatronSessionRequest(input: PatronRequestBase): Sip2Request {
  return {
    code: '35',
    answer: '36',
    text: buildMessage('35', formatSipDateTime(input.now), [
      ['AO', input.institutionId],
      ['AA', input.patronId],
      ['AC', input.terminalPassword],
      ['AD', input.patronPassword],
    ]),
  };
}

/** Request ACS resend (97): asks the system to send its last answer again. Sent with a checksum but no sequence number. */
export const REQUEST_ACS_RESEND = '97';
/** Request SC resend (96): the system asks the terminal to send its last request again. */
export const REQUEST_SC_RESEND = '96';
