import { isUtf8 } from 'node:buffer';
import type { MarcEncoding, MarcFlavour } from '../model/marc-record.js';
import { decodeMarc8 } from '../marc8/decode-marc8.js';
import { looksLikeGb18030, looksLikeWindows1251, profileBytes } from './scan-bytes.js';

/** How to decode one record, and why. */
export interface EncodingPlan {
  /** Encoding to decode with, or null when the record must be rejected. */
  encoding: MarcEncoding | null;
  /** True when the data is plain ASCII (every encoding gives the same text). */
  isAscii: boolean;
  /** Note to attach when the first candidate contradicts the leader. */
  warning?: string;
  /** Reject reason: always used when `encoding` is null; otherwise used if decoding meets bytes it cannot map. */
  rejectReason?: string;
}

/**
 * Plans how to decode one record's data bytes. Leader/09 is a hint, never the truth: a blank
 * leader/09 over valid multibyte UTF-8 without escapes is UTF-8; an "a" over bytes that are not UTF-8
 * may be MARC-8; Windows-1251 Cyrillic is recognised by its byte pattern. UNIMARC leader/09 says
 * nothing about the character set.
 */
export function chooseEncoding(
  bytes: Uint8Array,
  start: number,
  end: number,
  leader09: string,
  flavour: MarcFlavour,
): EncodingPlan {
  const profile = profileBytes(bytes, start, end);
  if (!profile.hasHighBytes && !profile.hasEscape) {
    return { encoding: leader09 === 'a' || flavour === 'unimarc' ? 'utf-8' : 'marc-8', isAscii: true };
  }
  const data = bytes.subarray(start, end);
  const isValidUtf8 = profile.utf8Invalid === 0 && isUtf8(data);
  const isCyrillic8bit = !isValidUtf8 && !profile.hasEscape && looksLikeWindows1251(bytes, start, end);
  const offset = profile.firstInvalidUtf8;

  if (flavour === 'unimarc') {
    if (isValidUtf8) return { encoding: 'utf-8', isAscii: false };
    if (isCyrillic8bit) return { encoding: 'windows-1251', isAscii: false, warning: 'decoded as Windows-1251' };
    // CNMARC from Chinese library systems often comes in GBK/GB18030.
    if (!profile.hasEscape && looksLikeGb18030(bytes, start, end)) {
      return { encoding: 'gb18030', isAscii: false, warning: 'decoded as GB18030 (GBK) Chinese' };
    }
    return {
      encoding: null,
      isAscii: false,
      rejectReason: `UNIMARC record is not valid UTF-8 (first bad byte at record offset ${offset}), nor GB18030 (GBK) Chinese, and its 8-bit character set (ISO 5426/6937) is not supported`,
    };
  }

  if (leader09 === 'a') {
    if (isValidUtf8) return { encoding: 'utf-8', isAscii: false };
    // Some Chinese systems mark GBK exports as UTF-8; GBK can form stray UTF-8 sequences, so this
    // is asked before such a record is called damaged.
    if (
      !profile.hasEscape &&
      !isCyrillic8bit &&
      looksLikeGb18030(bytes, start, end) &&
      !cleanMarc8(bytes, start, end)
    ) {
      return {
        encoding: 'gb18030',
        isAscii: false,
        warning: 'leader/09 says UTF-8 but the bytes are GB18030 (GBK) Chinese; decoded as GB18030',
      };
    }
    if (profile.utf8Multibyte > 0 && !profile.hasEscape) {
      return {
        encoding: null,
        isAscii: false,
        rejectReason: `leader/09 says UTF-8 and the record holds ${profile.utf8Multibyte} well-formed UTF-8 character(s), but ${profile.utf8Invalid} byte(s) are not valid UTF-8 (first at record offset ${offset}): the record is damaged`,
      };
    }
    if (isCyrillic8bit) {
      return {
        encoding: 'windows-1251',
        isAscii: false,
        warning: 'leader/09 says UTF-8 but the bytes are Windows-1251 Cyrillic; decoded as Windows-1251',
      };
    }
    return {
      encoding: 'marc-8',
      isAscii: false,
      warning: 'leader/09 says UTF-8 but the bytes are not UTF-8; decoded as MARC-8',
      rejectReason: `leader/09 says UTF-8 but the bytes are not UTF-8 (first bad byte at record offset ${offset}) and they are not clean MARC-8 either`,
    };
  }

  const note = leader09 === ' ' ? '' : ` (leader/09 "${leader09}" is not a valid value)`;
  if (profile.hasEscape) {
    return {
      encoding: 'marc-8',
      isAscii: false,
      ...(note ? { warning: `decoded as MARC-8${note}` } : {}),
    };
  }
  if (isValidUtf8) {
    return {
      encoding: 'utf-8',
      isAscii: false,
      warning: `leader/09 says MARC-8 but the data is UTF-8 (${profile.utf8Multibyte} multibyte character(s), no escapes); decoded as UTF-8${note}`,
    };
  }
  if (isCyrillic8bit) {
    return {
      encoding: 'windows-1251',
      isAscii: false,
      warning: `leader/09 says MARC-8 but the bytes are Windows-1251 Cyrillic; decoded as Windows-1251${note}`,
    };
  }
  if (looksLikeGb18030(bytes, start, end) && !cleanMarc8(bytes, start, end)) {
    return {
      encoding: 'gb18030',
      isAscii: false,
      warning: `leader/09 says MARC-8 but the bytes are GB18030 (GBK) Chinese; decoded as GB18030${note}`,
    };
  }
  return { encoding: 'marc-8', isAscii: false, ...(note ? { warning: `decoded as MARC-8${note}` } : {}) };
}

/**
 * Whether the bytes read as MARC-8 without a fault: GBK Chinese does not (most of its lead bytes
 * are undefined in ANSEL), MARC-8 that merely resembles it (stacked diacritics) does, and stays MARC-8.
 */
function cleanMarc8(bytes: Uint8Array, start: number, end: number): boolean {
  return decodeMarc8(bytes, start, end).errors.length === 0;
}
