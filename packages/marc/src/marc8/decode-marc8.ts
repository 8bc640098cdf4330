import { ANSEL_FINAL, ASCII_FINAL, C1_CONTROLS, EACC_FINAL, eaccTable, singleByteSet } from './marc8-tables.js';
import type { SingleByteSet } from './marc8-tables.js';

/** Result of decoding MARC-8 bytes. */
export interface Marc8Decoded {
  /** Unicode text, combining marks after their base, NFC-normalised, numeric character references resolved. */
  text: string;
  /** One English message per byte sequence that could not be decoded (empty when clean). */
  errors: string[];
  /** Messages about bytes that were decoded by a repair (missing switch back to ASCII, stray DEL). */
  repairs: string[];
}

/** A designated graphic set: a single-byte table or the EACC multibyte set. */
type GraphicSet = SingleByteSet | 'eacc';

const ESC = 0x1b;
const SUBFIELD_DELIMITER = 0x1f;
const REPLACEMENT = 0xfffd;
const GREEK_SYMBOLS = 0x67;
const SUBSCRIPTS = 0x62;
const SUPERSCRIPTS = 0x70;
const NCR = /&#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}));/g;

const hex = (byte: number | undefined): string => (byte ?? 0).toString(16).toUpperCase().padStart(2, '0');

function designate(final: number | undefined, multibyte: boolean): GraphicSet | undefined {
  if (final === undefined) return undefined;
  if (multibyte) return final === EACC_FINAL ? 'eacc' : undefined;
  return singleByteSet(final);
}

/** Resolves `&#xHHHH;` / `&#NNNN;` references (LoC's lossless technique for characters MARC-8 lacks). */
export function resolveNumericReferences(text: string): string {
  if (!text.includes('&#')) return text;
  return text.replace(NCR, (whole: string, hexDigits: string | undefined, decimal: string | undefined) => {
    const cp = hexDigits !== undefined ? parseInt(hexDigits, 16) : parseInt(decimal ?? '', 10);
    if (!Number.isFinite(cp) || cp <= 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return whole;
    return String.fromCodePoint(cp);
  });
}

/** Reads `&#xHHHH;` or `&#NNNN;` at `at`: the character it stands for and the bytes it spans. */
function readNumericReference(
  bytes: Uint8Array,
  at: number,
  end: number,
): { codePoint: number; length: number } | undefined {
  if (bytes[at + 1] !== 0x23) return undefined;
  const isHex = bytes[at + 2] === 0x78 || bytes[at + 2] === 0x58;
  let k = at + (isHex ? 3 : 2);
  let value = 0;
  let count = 0;
  for (; k < end && count <= 7; k += 1, count += 1) {
    const byte = bytes[k] ?? 0;
    const digit =
      byte >= 0x30 && byte <= 0x39
        ? byte - 0x30
        : isHex && byte >= 0x41 && byte <= 0x46
          ? byte - 0x37
          : isHex && byte >= 0x61 && byte <= 0x66
            ? byte - 0x57
            : -1;
    if (digit < 0) break;
    value = value * (isHex ? 16 : 10) + digit;
  }
  if (count === 0 || bytes[k] !== 0x3b) return undefined;
  if (value <= 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return undefined;
  return { codePoint: value, length: k + 1 - at };
}

/**
 * Decodes MARC-8 bytes to Unicode. The graphic sets start at their defaults (G0 ASCII, G1 ANSEL) for
 * every call, so callers decode one field at a time: an escape that a cataloguer never switched back
 * (a missing ESC ( B) then spoils only the rest of its own field.
 */
export function decodeMarc8(bytes: Uint8Array, start = 0, end = bytes.length): Marc8Decoded {
  const errors: string[] = [];
  const repairs: string[] = [];
  const ascii = singleByteSet(ASCII_FINAL);
  const ansel = singleByteSet(ANSEL_FINAL);
  if (!ascii || !ansel) throw new Error('MARC-8 tables are missing Basic or Extended Latin');
  let g0: GraphicSet = ascii;
  let g1: GraphicSet = ansel;
  const out: number[] = [];
  let pending: number[] = [];
  let isResyncing = false;

  const emitBase = (cp: number): void => {
    out.push(cp);
    if (pending.length > 0) {
      for (const mark of pending) out.push(mark);
      pending = [];
    }
  };
  const flushPending = (): void => {
    for (const mark of pending) out.push(mark);
    pending = [];
  };

  let i = start;
  while (i < end) {
    const byte = bytes[i] ?? 0;
    if (byte === ESC) {
      const next = bytes[i + 1];
      const third = i + 2 < end ? bytes[i + 2] : undefined;
      if (next === 0x28 || next === 0x2c || next === 0x29 || next === 0x2d) {
        // ESC ( F / ESC , F designate G0; ESC ) F / ESC - F designate G1; "!" is an optional intermediate.
        const hasIntermediate = third === 0x21;
        const final = hasIntermediate ? bytes[i + 3] : third;
        const set = designate(final, false);
        const length = hasIntermediate ? 4 : 3;
        if (set && i + length <= end) {
          if (next === 0x28 || next === 0x2c) g0 = set;
          else g1 = set;
        } else {
          errors.push(`unknown or incomplete escape sequence ESC ${hex(next)} ${hex(final)}`);
        }
        i += Math.min(length, end - i);
        continue;
      }
      if (next === 0x24) {
        // ESC $ F (G0), ESC $ ( F / ESC $ , F (G0), ESC $ ) F / ESC $ - F (G1): multibyte sets.
        const isG1 = third === 0x29 || third === 0x2d;
        const hasIntermediate = isG1 || third === 0x28 || third === 0x2c;
        const final = hasIntermediate ? bytes[i + 3] : third;
        const length = hasIntermediate ? 4 : 3;
        const set = i + length <= end ? designate(final, true) : undefined;
        if (set) {
          if (isG1) g1 = set;
          else g0 = set;
        } else {
          errors.push(`unknown or incomplete multibyte escape sequence ESC 24 ${hex(third)} ${hex(final)}`);
        }
        i += Math.min(length, end - i);
        continue;
      }
      const shortcut =
        next === GREEK_SYMBOLS || next === SUBSCRIPTS || next === SUPERSCRIPTS
          ? singleByteSet(next)
          : next === 0x73
            ? ascii
            : undefined;
      if (shortcut) {
        g0 = shortcut;
        i += 2;
        continue;
      }
      errors.push(`unknown escape sequence ESC ${hex(next)}`);
      i += 1;
      continue;
    }
    if (byte < 0x20) {
      flushPending();
      out.push(byte);
      i += 1;
      if (byte === SUBFIELD_DELIMITER) {
        // Each subfield starts with the default sets (as yaz, marc4j and pymarc read it) and an ASCII code.
        g0 = ascii;
        g1 = ansel;
        const code = bytes[i];
        if (code !== undefined && i < end && code > 0x20 && code < 0x7f) {
          out.push(code);
          i += 1;
        }
      }
      continue;
    }
    if (byte === 0x20) {
      emitBase(0x20);
      i += 1;
      continue;
    }
    if (byte >= 0x80 && byte <= 0xa0) {
      const control = C1_CONTROLS.get(byte);
      if (control !== undefined) out.push(control);
      else errors.push(`byte ${hex(byte)} is not a MARC-8 control character`);
      i += 1;
      continue;
    }
    if (byte === 0x7f) {
      repairs.push('stray DEL byte 7F dropped');
      i += 1;
      continue;
    }
    if (byte === 0xff) {
      errors.push('byte FF is not a MARC-8 character');
      i += 1;
      continue;
    }
    if (byte === 0x26 && g0 === ascii) {
      const reference = readNumericReference(bytes, i, end);
      if (reference) {
        emitBase(reference.codePoint);
        i += reference.length;
        continue;
      }
    }
    const set: GraphicSet = byte < 0x80 ? g0 : g1;
    if (set === 'eacc') {
      const b2 = bytes[i + 1] ?? 0;
      const b3 = bytes[i + 2] ?? 0;
      const key = ((byte & 0x7f) << 16) | ((b2 & 0x7f) << 8) | (b3 & 0x7f);
      const isWhole = i + 2 < end && b2 > 0x20 && b2 !== 0x7f && b3 >= 0x20 && b3 !== 0x7f;
      const cp = isWhole ? eaccTable().get(key) : undefined;
      if (!isWhole && byte < 0x80) {
        // Fewer than three bytes before the end or a control: punctuation after a missing ESC ( B.
        repairs.push(`"${String.fromCharCode(byte)}" ends an EACC run without ESC ( B; read as ASCII`);
        emitBase(byte);
        i += 1;
        continue;
      }
      if (cp !== undefined) {
        emitBase(cp);
        isResyncing = false;
        i += 3;
        continue;
      }
      // A mangled or truncated character: skip one byte and try to fall back into step, as yaz does.
      if (!isResyncing) {
        errors.push(`EACC bytes ${hex(byte)}${hex(b2)}${hex(b3)} are not a character in the LoC table`);
        emitBase(REPLACEMENT);
      }
      isResyncing = true;
      i += 1;
      continue;
    }
    isResyncing = false;
    const low = byte & 0x7f;
    const cp = set.codePoints[low] ?? 0;
    const isCombining = set.combining[low] === 1;
    if (cp === 0 && byte < 0x80 && set !== ascii && (ascii.codePoints[low] ?? 0) !== 0 && !isCombining) {
      // A byte the designated set lacks (often ":" or a digit after a missing ESC ( B): read it as ASCII.
      repairs.push(`"${String.fromCharCode(low)}" is not in MARC-8 set ${hex(set.final)}; read as ASCII`);
      emitBase(low);
    } else if (cp === 0) {
      // The second halves of double diacritics map to nothing: the first half carries the mark.
      if (!isCombining) {
        errors.push(`byte ${hex(byte)} is unassigned in MARC-8 set ${hex(set.final)}`);
        emitBase(REPLACEMENT);
      }
    } else if (isCombining) {
      pending.push(cp);
    } else {
      emitBase(cp);
    }
    i += 1;
  }
  flushPending();

  let text = '';
  for (let k = 0; k < out.length; k += 4096) text += String.fromCodePoint(...out.slice(k, k + 4096));
  return { text: text.normalize('NFC'), errors, repairs };
}
