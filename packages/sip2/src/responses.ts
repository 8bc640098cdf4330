import { parseSipDateTime, type SipDateTime } from './datetime.js';
import { Sip2ProtocolError } from './errors.js';
import { describeCode, type Sip2Fields, type Sip2Message } from './message.js';

/** What every parsed answer carries besides its own properties. */
export interface Sip2AnswerBase {
  /** Screen messages (AF, repeatable), in order: the system's own words, e.g. a refusal reason to show the reader. */
  screenMessages: string[];
  /** Print lines (AG, repeatable). */
  printLines: string[];
  /** Every variable field as received, including those not mapped to a property. */
  fields: Sip2Fields;
}

const first = (fields: Sip2Fields, id: string): string | undefined => fields[id]?.[0];
/** A field's value, or null when absent or empty. */
const text = (fields: Sip2Fields, id: string): string | null => {
  const value = first(fields, id);
  return value === undefined || value === '' ? null : value;
};
const all = (fields: Sip2Fields, id: string): string[] => (fields[id] ?? []).filter((value) => value !== '');
const yesNo = (value: string | undefined): boolean | null =>
  value === 'Y' || value === 'y' ? true : value === 'N' || value === 'n' ? false : null;
/** "1"/"Y" → true, anything else → false: the ok flag of an answer. */
const okFlag = (value: string | undefined): boolean => value === '1' || value === 'Y';
const count = (value: string): number | null => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : null);
const integer = (fields: Sip2Fields, id: string): number | null => {
  const value = text(fields, id);
  return value === null ? null : count(value);
};
const date = (fields: Sip2Fields, id: string): SipDateTime | null => {
  const value = text(fields, id);
  return value === null ? null : parseSipDateTime(value);
};
const base = (message: Sip2Message): Sip2AnswerBase => ({
  screenMessages: all(message.fields, 'AF'),
  printLines: all(message.fields, 'AG'),
  fields: message.fields,
});

function expectCode(message: Sip2Message, code: string): void {
  if (message.code !== code) {
    throw new Sip2ProtocolError(
      'unexpected-message',
      `expected ${describeCode(code)}, got ${describeCode(message.code)}`,
    );
  }
}

/** Login response (94). */
export interface LoginAnswer {
  ok: boolean;
}

/** Parses a login response (94). */
export function parseLoginResponse(message: Sip2Message): LoginAnswer {
  expectCode(message, '94');
  return { ok: okFlag(message.fixed[0]) };
}

/** The message types a system says it supports (BX), by name. */
export interface SupportedMessages {
  patronStatusRequest: boolean;
  checkout: boolean;
  checkin: boolean;
  blockPatron: boolean;
  scAcsStatus: boolean;
  requestScAcsResend: boolean;
  login: boolean;
  patronInformation: boolean;
  endPatronSession: boolean;
  feePaid: boolean;
  itemInformation: boolean;
  itemStatusUpdate: boolean;
  patronEnable: boolean;
  hold: boolean;
  renew: boolean;
  renewAll: boolean;
}

const SUPPORTED_ORDER: (keyof SupportedMessages)[] = [
  'patronStatusRequest',
  'checkout',
  'checkin',
  'blockPatron',
  'scAcsStatus',
  'requestScAcsResend',
  'login',
  'patronInformation',
  'endPatronSession',
  'feePaid',
  'itemInformation',
  'itemStatusUpdate',
  'patronEnable',
  'hold',
  'renew',
  'renewAll',
];

/** ACS status (98): what the circulation system is able and willing to do now. */
export interface AcsStatus extends Sip2AnswerBase {
  online: boolean;
  checkinOk: boolean;
  checkoutOk: boolean;
  /** The system lets terminals renew. */
  renewalPolicy: boolean;
  statusUpdateOk: boolean;
  offlineOk: boolean;
  /** The system's timeout in tenths of a second; null when unknown ("999") or not a number. */
  timeoutPeriod: number | null;
  /** Retries the terminal is allowed; null when unknown ("999") or not a number. */
  retriesAllowed: number | null;
  dateTimeSync: SipDateTime;
  /** "2.00" for SIP2. */
  protocolVersion: string;
  institutionId: string | null;
  libraryName: string | null;
  terminalLocation: string | null;
  /** Null when the system did not send BX (a SIP 1 system). */
  supportedMessages: SupportedMessages | null;
}

/** Parses an ACS status message (98). */
export function parseAcsStatus(message: Sip2Message): AcsStatus {
  expectCode(message, '98');
  const f = message.fixed;
  const known = (value: string): number | null => (value === '999' ? null : count(value));
  const bx = text(message.fields, 'BX');
  return {
    online: f[0] === 'Y',
    checkinOk: f[1] === 'Y',
    checkoutOk: f[2] === 'Y',
    renewalPolicy: f[3] === 'Y',
    statusUpdateOk: f[4] === 'Y',
    offlineOk: f[5] === 'Y',
    timeoutPeriod: known(f.slice(6, 9)),
    retriesAllowed: known(f.slice(9, 12)),
    dateTimeSync: parseSipDateTime(f.slice(12, 30)),
    protocolVersion: f.slice(30, 34),
    institutionId: text(message.fields, 'AO'),
    libraryName: text(message.fields, 'AM'),
    terminalLocation: text(message.fields, 'AN'),
    supportedMessages: bx
      ? (Object.fromEntries(SUPPORTED_ORDER.map((name, i) => [name, bx[i] === 'Y'])) as unknown as SupportedMessages)
      : null,
    ...base(message),
  };
}

/** The 14 patron status flags of patron information and patron status answers ("Y" = true). */
export interface PatronStatus {
  chargePrivilegesDenied: boolean;
  renewalPrivilegesDenied: boolean;
  recallPrivilegesDenied: boolean;
  holdPrivilegesDenied: boolean;
  cardReportedLost: boolean;
  tooManyItemsCharged: boolean;
  tooManyItemsOverdue: boolean;
  tooManyRenewals: boolean;
  tooManyClaimsOfItemsReturned: boolean;
  tooManyItemsLost: boolean;
  excessiveOutstandingFines: boolean;
  excessiveOutstandingFees: boolean;
  recallOverdue: boolean;
  tooManyItemsBilled: boolean;
}

const PATRON_STATUS_ORDER: (keyof PatronStatus)[] = [
  'chargePrivilegesDenied',
  'renewalPrivilegesDenied',
  'recallPrivilegesDenied',
  'holdPrivilegesDenied',
  'cardReportedLost',
  'tooManyItemsCharged',
  'tooManyItemsOverdue',
  'tooManyRenewals',
  'tooManyClaimsOfItemsReturned',
  'tooManyItemsLost',
  'excessiveOutstandingFines',
  'excessiveOutstandingFees',
  'recallOverdue',
  'tooManyItemsBilled',
];

/** Decodes the 14-character patron status field: "Y" sets a flag; " " and "N" leave it unset. */
export function parsePatronStatus(field: string): PatronStatus {
  return Object.fromEntries(
    PATRON_STATUS_ORDER.map((name, i) => [name, field[i] === 'Y' || field[i] === 'y']),
  ) as unknown as PatronStatus;
}

/** Patron information (64): the reader, their standing and the one list of items asked for. */
export interface PatronInformation extends Sip2AnswerBase {
  status: PatronStatus;
  language: string;
  transactionDate: SipDateTime;
  /** How many items of each kind the reader has; null where the system left the count blank. */
  counts: {
    holdItems: number | null;
    overdueItems: number | null;
    chargedItems: number | null;
    fineItems: number | null;
    recallItems: number | null;
    unavailableHolds: number | null;
  };
  institutionId: string | null;
  /** The reader's card number (AA) as the system returns it. */
  patronId: string | null;
  /** Personal name (AE). */
  personalName: string | null;
  /** BL: the card number is known; null when the system does not say (SIP 1). */
  validPatron: boolean | null;
  /** CQ: the password was right; null when no password was sent or the system does not say. */
  validPassword: boolean | null;
  holdItemsLimit: number | null;
  overdueItemsLimit: number | null;
  chargedItemsLimit: number | null;
  /** Currency of the fee amounts (BH), e.g. "CNY". */
  currency: string | null;
  /** Fees owed (BV), a decimal as the system wrote it (kept as text: no float rounding). */
  feeAmount: string | null;
  /** Fee limit (CC), as text. */
  feeLimit: string | null;
  /** Item ids of the list asked for in the summary field (the others are empty). */
  holdItems: string[];
  overdueItems: string[];
  chargedItems: string[];
  fineItems: string[];
  recallItems: string[];
  unavailableHoldItems: string[];
  homeAddress: string | null;
  email: string | null;
  homePhone: string | null;
}

/** Parses a patron information response (64). */
export function parsePatronInformation(message: Sip2Message): PatronInformation {
  expectCode(message, '64');
  const f = message.fixed;
  const fields = message.fields;
  const at = (i: number): number | null => count(f.slice(35 + i * 4, 39 + i * 4));
  return {
    status: parsePatronStatus(f.slice(0, 14)),
    language: f.slice(14, 17),
    transactionDate: parseSipDateTime(f.slice(17, 35)),
    counts: {
      holdItems: at(0),
      overdueItems: at(1),
      chargedItems: at(2),
      fineItems: at(3),
      recallItems: at(4),
      unavailableHolds: at(5),
    },
    institutionId: text(fields, 'AO'),
    patronId: text(fields, 'AA'),
    personalName: text(fields, 'AE'),
    validPatron: yesNo(first(fields, 'BL')),
    validPassword: yesNo(first(fields, 'CQ')),
    holdItemsLimit: integer(fields, 'BZ'),
    overdueItemsLimit: integer(fields, 'CA'),
    chargedItemsLimit: integer(fields, 'CB'),
    currency: text(fields, 'BH'),
    feeAmount: text(fields, 'BV'),
    feeLimit: text(fields, 'CC'),
    holdItems: all(fields, 'AS'),
    overdueItems: all(fields, 'AT'),
    chargedItems: all(fields, 'AU'),
    fineItems: all(fields, 'AV'),
    recallItems: all(fields, 'BU'),
    unavailableHoldItems: all(fields, 'CD'),
    homeAddress: text(fields, 'BD'),
    email: text(fields, 'BE'),
    homePhone: text(fields, 'BF'),
    ...base(message),
  };
}

/** SIP2 circulation status of an item (item information, fixed field 1). */
export type CirculationStatus =
  | 'other'
  | 'on-order'
  | 'available'
  | 'charged'
  | 'charged-not-to-be-recalled'
  | 'in-process'
  | 'recalled'
  | 'waiting-on-hold-shelf'
  | 'waiting-to-be-reshelved'
  | 'in-transit'
  | 'claimed-returned'
  | 'lost'
  | 'missing';

const CIRCULATION_STATUSES: CirculationStatus[] = [
  'other', // 01
  'on-order',
  'available',
  'charged',
  'charged-not-to-be-recalled',
  'in-process',
  'recalled',
  'waiting-on-hold-shelf',
  'waiting-to-be-reshelved',
  'in-transit',
  'claimed-returned',
  'lost',
  'missing', // 13
];

/** Item information (18): where an item is and when it is due. */
export interface ItemInformation extends Sip2AnswerBase {
  /** The two-digit code as sent ("04"). */
  circulationStatusCode: string;
  /** The code's meaning; "other" for codes outside 01–13. */
  circulationStatus: CirculationStatus;
  securityMarker: string;
  feeType: string;
  transactionDate: SipDateTime;
  itemId: string | null;
  /** Title (AJ). */
  title: string | null;
  /** Due date (AH) of a charged item. */
  dueDate: SipDateTime | null;
  holdQueueLength: number | null;
  recallDate: SipDateTime | null;
  holdPickupDate: SipDateTime | null;
  owner: string | null;
  currency: string | null;
  feeAmount: string | null;
  mediaType: string | null;
  permanentLocation: string | null;
  currentLocation: string | null;
  itemProperties: string | null;
  /** Call number (CS, an extension many systems send). */
  callNumber: string | null;
}

/** Parses an item information response (18). */
export function parseItemInformation(message: Sip2Message): ItemInformation {
  expectCode(message, '18');
  const f = message.fixed;
  const fields = message.fields;
  const code = f.slice(0, 2);
  const index = count(code);
  return {
    circulationStatusCode: code,
    circulationStatus: (index !== null && CIRCULATION_STATUSES[index - 1]) || 'other',
    securityMarker: f.slice(2, 4),
    feeType: f.slice(4, 6),
    transactionDate: parseSipDateTime(f.slice(6, 24)),
    itemId: text(fields, 'AB'),
    title: text(fields, 'AJ'),
    dueDate: date(fields, 'AH'),
    holdQueueLength: integer(fields, 'CF'),
    recallDate: date(fields, 'CJ'),
    holdPickupDate: date(fields, 'CM'),
    owner: text(fields, 'BG'),
    currency: text(fields, 'BH'),
    feeAmount: text(fields, 'BV'),
    mediaType: text(fields, 'CK'),
    permanentLocation: text(fields, 'AQ'),
    currentLocation: text(fields, 'AP'),
    itemProperties: text(fields, 'CH'),
    callNumber: text(fields, 'CS'),
    ...base(message),
  };
}

/** Checkout (12) and renew (30) answers share their shape. */
export interface CirculationAnswer extends Sip2AnswerBase {
  /** The transaction was done. When false, `screenMessages` usually says why. */
  ok: boolean;
  /** The item was renewed (renew), or was already the reader's and got renewed (checkout). */
  renewalOk: boolean;
  /** Null when the system does not know ("U"). */
  magneticMedia: boolean | null;
  desensitize: boolean | null;
  transactionDate: SipDateTime;
  institutionId: string | null;
  patronId: string | null;
  itemId: string | null;
  title: string | null;
  /** The (new) due date (AH). */
  dueDate: SipDateTime | null;
  feeType: string | null;
  securityInhibit: boolean | null;
  currency: string | null;
  feeAmount: string | null;
  mediaType: string | null;
  itemProperties: string | null;
  transactionId: string | null;
}

function parseCirculation(message: Sip2Message): CirculationAnswer {
  const f = message.fixed;
  const fields = message.fields;
  return {
    ok: okFlag(f[0]),
    renewalOk: f[1] === 'Y',
    magneticMedia: yesNo(f[2]),
    desensitize: yesNo(f[3]),
    transactionDate: parseSipDateTime(f.slice(4, 22)),
    institutionId: text(fields, 'AO'),
    patronId: text(fields, 'AA'),
    itemId: text(fields, 'AB'),
    title: text(fields, 'AJ'),
    dueDate: date(fields, 'AH'),
    feeType: text(fields, 'BT'),
    securityInhibit: yesNo(first(fields, 'CI')),
    currency: text(fields, 'BH'),
    feeAmount: text(fields, 'BV'),
    mediaType: text(fields, 'CK'),
    itemProperties: text(fields, 'CH'),
    transactionId: text(fields, 'BK'),
    ...base(message),
  };
}

/** Checkout response (12). */
export type CheckoutAnswer = CirculationAnswer;
/** Renew response (30). */
export type RenewAnswer = CirculationAnswer;

/** Parses a checkout response (12). */
export function parseCheckoutResponse(message: Sip2Message): CheckoutAnswer {
  expectCode(message, '12');
  return parseCirculation(message);
}

/** Checkin response (10): `ok` the item was taken back; its flags are read as a circulation answer's. */
export type CheckinAnswer = CirculationAnswer;

/** Parses a checkin response (10). */
export function parseCheckinResponse(message: Sip2Message): CheckinAnswer {
  expectCode(message, '10');
  return parseCirculation(message);
}

/** Parses a renew response (30). */
export function parseRenewResponse(message: Sip2Message): RenewAnswer {
  expectCode(message, '30');
  return parseCirculation(message);
}

/** Renew all response (66): which loans were renewed (BM) and which not (BN); SIP2 gives no reason per item. */
export interface RenewAllAnswer extends Sip2AnswerBase {
  ok: boolean;
  renewedCount: number | null;
  unrenewedCount: number | null;
  transactionDate: SipDateTime;
  institutionId: string | null;
  renewedItems: string[];
  unrenewedItems: string[];
}

/** Parses a renew all response (66). */
export function parseRenewAllResponse(message: Sip2Message): RenewAllAnswer {
  expectCode(message, '66');
  const f = message.fixed;
  return {
    ok: okFlag(f[0]),
    renewedCount: count(f.slice(1, 5)),
    unrenewedCount: count(f.slice(5, 9)),
    transactionDate: parseSipDateTime(f.slice(9, 27)),
    institutionId: text(message.fields, 'AO'),
    renewedItems: all(message.fields, 'BM'),
    unrenewedItems: all(message.fields, 'BN'),
    ...base(message),
  };
}

/** Hold response (16). */
export interface HoldAnswer extends Sip2AnswerBase {
  /** The hold was placed (or cancelled). When false, `screenMessages` usually says why. */
  ok: boolean;
  /** The item is available now. */
  available: boolean;
  transactionDate: SipDateTime;
  expirationDate: SipDateTime | null;
  /** The reader's place in the queue (BR). */
  queuePosition: number | null;
  pickupLocation: string | null;
  institutionId: string | null;
  patronId: string | null;
  itemId: string | null;
  title: string | null;
}

/** Parses a hold response (16). */
export function parseHoldResponse(message: Sip2Message): HoldAnswer {
  expectCode(message, '16');
  const f = message.fixed;
  const fields = message.fields;
  return {
    ok: okFlag(f[0]),
    available: f[1] === 'Y',
    transactionDate: parseSipDateTime(f.slice(2, 20)),
    expirationDate: date(fields, 'BW'),
    queuePosition: integer(fields, 'BR'),
    pickupLocation: text(fields, 'BS'),
    institutionId: text(fields, 'AO'),
    patronId: text(fields, 'AA'),
    itemId: text(fields, 'AB'),
    title: text(fields, 'AJ'),
    ...base(message),
  };
}

/** End session response (36). */
export interface EndSessionAnswer extends Sip2AnswerBase {
  ended: boolean;
  transactionDate: SipDateTime;
  institutionId: string | null;
  patronId: string | null;
}

/** Parses an end session response (36). */
export function parseEndSessionResponse(message: Sip2Message): EndSessionAnswer {
  expectCode(message, '36');
  return {
    ended: message.fixed[0] === 'Y',
    transactionDate: parseSipDateTime(message.fixed.slice(1, 19)),
    institutionId: text(message.fields, 'AO'),
    patronId: text(message.fields, 'AA'),
    ...base(message),
  };
}
