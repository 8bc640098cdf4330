import { Buffer } from 'node:buffer';
import { decodeMarc8, resolveNumericReferences } from '../marc8/decode-marc8.js';
import type { MarcEncoding } from '../model/marc-record.js';

/** Decodes byte ranges of one record with one encoding, collecting what could not be decoded. */
export interface FieldDecoder {
  /** The encoding this decoder reads. */
  encoding: MarcEncoding;
  /** Decodes bytes [start, end) to NFC text. */
  decode(start: number, end: number, tag: string): string;
  /** Messages about bytes that could not be decoded. */
  errors: string[];
  /** Messages about bytes decoded by a repair. */
  repairs: string[];
}

const NON_ASCII = /[\u0080-\uffff]/;
const windows1251 = new TextDecoder('windows-1251');
const gb18030 = new TextDecoder('gb18030', { fatal: true });
const gb18030Lenient = new TextDecoder('gb18030');

/** NFC-normalises text that has anything beyond ASCII (ASCII is already normal). */
export function toNfc(text: string): string {
  return NON_ASCII.test(text) ? text.normalize('NFC') : text;
}

/** A decoder for `bytes` in the given encoding. */
export function createFieldDecoder(bytes: Uint8Array, encoding: MarcEncoding): FieldDecoder {
  const errors: string[] = [];
  const repairs: string[] = [];
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (encoding === 'marc-8') {
    return {
      encoding,
      errors,
      repairs,
      decode(start, end, tag) {
        const decoded = decodeMarc8(bytes, start, end);
        for (const error of decoded.errors) errors.push(`field ${tag}: ${error}`);
        for (const repair of decoded.repairs) repairs.push(`field ${tag}: ${repair}`);
        return decoded.text;
      },
    };
  }
  if (encoding === 'windows-1251') {
    return {
      encoding,
      errors,
      repairs,
      decode: (start, end) => toNfc(windows1251.decode(bytes.subarray(start, end))),
    };
  }
  if (encoding === 'gb18030') {
    return {
      encoding,
      errors,
      repairs,
      decode(start, end, tag) {
        const view = bytes.subarray(start, end);
        try {
          return toNfc(gb18030.decode(view));
        } catch {
          errors.push(`field ${tag}: bytes are not valid GB18030`);
          return toNfc(gb18030Lenient.decode(view));
        }
      },
    };
  }
  return {
    encoding,
    errors,
    repairs,
    decode(start, end, tag) {
      const text = buffer.toString('utf8', start, end);
      if (text.includes('\ufffd') && !buffer.subarray(start, end).includes('\ufffd')) {
        errors.push(`field ${tag}: bytes are not valid UTF-8`);
      }
      return toNfc(text);
    },
  };
}

/** A decoder for ASCII-only records (the fast path): MARC-8 records may still carry `&#x…;` references. */
export function createAsciiDecoder(bytes: Uint8Array, resolveReferences: boolean): FieldDecoder {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    encoding: resolveReferences ? 'marc-8' : 'utf-8',
    errors: [],
    repairs: [],
    decode(start, end) {
      const text = buffer.toString('latin1', start, end);
      return resolveReferences && text.includes('&#') ? toNfc(resolveNumericReferences(text)) : text;
    },
  };
}
