import { Sip2InvalidRequestError, Sip2ProtocolError } from './errors.js';

/** The variable-length field separator. */
export const FIELD_DELIMITER = '|';

/**
 * Length of the fixed-length part after the two-character code, for every message this library
 * sends or reads. Variable-length fields (two-character id, value, "|") start after it.
 */
export const FIXED_LENGTH: Readonly<Record<string, number>> = {
  // requests (terminal → system)
  '09': 37, // checkin
  '11': 38, // checkout
  '15': 19, // hold
  '17': 18, // item information
  '23': 21, // patron status
  '29': 38, // renew
  '35': 18, // end patron session
  '63': 31, // patron information
  '65': 18, // renew all
  '93': 2, // login
  '96': 0, // request SC resend
  '97': 0, // request ACS resend
  '99': 8, // SC status
  // answers (system → terminal)
  '10': 22, // checkin response
  '12': 22, // checkout response
  '16': 20, // hold response
  '18': 24, // item information response
  '24': 35, // patron status response
  '30': 22, // renew response
  '36': 19, // end session response
  '64': 59, // patron information response
  '66': 27, // renew all response
  '94': 1, // login response
  '98': 34, // ACS status
};

/** Human names of message codes, for logs and error messages. */
export const MESSAGE_NAMES: Readonly<Record<string, string>> = {
  '09': 'checkin',
  '10': 'checkin response',
  '11': 'checkout',
  '12': 'checkout response',
  '15': 'hold',
  '16': 'hold response',
  '17': 'item information',
  '18': 'item information response',
  '23': 'patron status',
  '24': 'patron status response',
  '29': 'renew',
  '30': 'renew response',
  '35': 'end patron session',
  '36': 'end session response',
  '63': 'patron information',
  '64': 'patron information response',
  '65': 'renew all',
  '66': 'renew all response',
  '93': 'login',
  '94': 'login response',
  '96': 'request SC resend',
  '97': 'request ACS resend',
  '98': 'ACS status',
  '99': 'SC status',
};

/** "patron information (63)", or the bare code for a message this library does not know. */
export function describeCode(code: string): string {
  const name = MESSAGE_NAMES[code];
  return name ? `${name} (${code})` : `message ${JSON.stringify(code)}`;
}

/** Variable-length fields by their two-character id; repeatable fields (AF, AU, BM…) keep every value in order. */
export type Sip2Fields = Record<string, string[]>;

/** One message without its error detection suffix: code, fixed-length part and variable fields. */
export interface Sip2Message {
  /** The two-character message code ("64"). */
  code: string;
  /** The fixed-length part after the code, as sent. */
  fixed: string;
  /** Every variable-length field, by id. */
  fields: Sip2Fields;
}

/** A variable field of a request: absent when the value is undefined. */
export type FieldEntry = readonly [id: string, value: string | undefined];

/** Field ids whose values are secrets: terminal login password, terminal password, patron password. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(['CO', 'AC', 'AD']);

/**
 * A message's text from its parts. Values must not hold the field delimiter or a line break (they
 * would end the field or the message): such a value is refused, without repeating it in the error
 * since it may be a password.
 */
export function buildMessage(code: string, fixed: string, fields: readonly FieldEntry[] = []): string {
  if (fixed.length !== (FIXED_LENGTH[code] ?? fixed.length)) {
    throw new Sip2InvalidRequestError(
      `${describeCode(code)}: fixed part is ${fixed.length} characters, not ${FIXED_LENGTH[code]}`,
    );
  }
  let text = code + fixed;
  for (const [id, value] of fields) {
    if (value === undefined) continue;
    if (/[|\r\n]/.test(value)) {
      throw new Sip2InvalidRequestError(`${describeCode(code)}: field ${id} holds "|" or a line break`);
    }
    text += id + value + FIELD_DELIMITER;
  }
  return text;
}

/**
 * Splits a message (error detection suffix already removed) into code, fixed part and fields. The
 * fixed part's length comes from `FIXED_LENGTH`; an unknown code has no fixed part. Empty pieces
 * (a doubled "|") are skipped.
 */
export function parseMessage(text: string): Sip2Message {
  const code = text.slice(0, 2);
  const fixedLength = FIXED_LENGTH[code] ?? 0;
  if (code.length < 2 || text.length < 2 + fixedLength) {
    throw new Sip2ProtocolError(
      'malformed',
      `${describeCode(code)} is ${text.length} characters, shorter than its fixed part (${2 + fixedLength})`,
    );
  }
  const fields: Sip2Fields = {};
  for (const piece of text.slice(2 + fixedLength).split(FIELD_DELIMITER)) {
    if (piece.length < 2) continue;
    const id = piece.slice(0, 2);
    (fields[id] ??= []).push(piece.slice(2));
  }
  return { code, fixed: text.slice(2, 2 + fixedLength), fields };
}

/**
 * The message with the values of secret fields (CO, AC, AD) replaced by "***": the only form of a
 * message this library ever puts in a log line.
 */
export function redactMessage(text: string): string {
  const code = text.slice(0, 2);
  const start = Math.min(text.length, 2 + (FIXED_LENGTH[code] ?? 0));
  const variable = text
    .slice(start)
    .split(FIELD_DELIMITER)
    .map((piece) => (SECRET_FIELDS.has(piece.slice(0, 2)) ? `${piece.slice(0, 2)}***` : piece))
    .join(FIELD_DELIMITER);
  return text.slice(0, start) + variable;
}
