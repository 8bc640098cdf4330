import { decodeText, encodeText, type Sip2Charset } from './charset.js';
import { hasValidChecksum, sip2Checksum } from './checksum.js';

/** The message terminator. */
export const CR = 0x0d;

/** How a message is put on the wire. */
export interface FrameOptions {
  charset: Sip2Charset;
  /** Append the sequence number and checksum (error detection). */
  errorDetection: boolean;
  /** Sequence number 0–9 (AY), or null for a message sent without one (97). */
  sequence: number | null;
}

/**
 * The bytes of one message: text encoded in the connection's character set, then (with error
 * detection) `AY<n>AZ<checksum>` computed over those bytes, then CR.
 */
export function encodeFrame(text: string, options: FrameOptions): Buffer {
  if (!options.errorDetection) return Buffer.concat([encodeText(text, options.charset), Buffer.of(CR)]);
  const suffix = options.sequence === null ? 'AZ' : `AY${options.sequence}AZ`;
  const body = Buffer.concat([encodeText(text, options.charset), Buffer.from(suffix, 'latin1')]);
  return Buffer.concat([body, Buffer.from(sip2Checksum(body), 'latin1'), Buffer.of(CR)]);
}

/** One received message, its error detection suffix checked and removed. */
export interface DecodedFrame {
  /** The message text without `AY…AZ…`. */
  text: string;
  /** The sequence number (AY), or null when the message has none. */
  sequence: number | null;
  /** "absent" when the message carries no `AZ` checksum. */
  checksum: 'valid' | 'invalid' | 'absent';
}

const isDigit = (byte: number | undefined): boolean => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/**
 * Reads one message (without its CR). The checksum is verified over the bytes as received, before
 * decoding: the suffix is ASCII at the very end, so it is found the same way in every character set.
 */
export function decodeFrame(bytes: Uint8Array, charset: Sip2Charset): DecodedFrame {
  let end = bytes.length;
  let checksum: DecodedFrame['checksum'] = 'absent';
  let sequence: number | null = null;
  const azAt = end - 6;
  if (azAt >= 0 && bytes[azAt] === 0x41 && bytes[azAt + 1] === 0x5a) {
    const hex = Buffer.from(bytes.subarray(end - 4)).toString('latin1');
    if (/^[0-9A-Fa-f]{4}$/.test(hex)) {
      checksum = hasValidChecksum(bytes) ? 'valid' : 'invalid';
      end = azAt;
      if (end >= 3 && bytes[end - 3] === 0x41 && bytes[end - 2] === 0x59 && isDigit(bytes[end - 1])) {
        sequence = (bytes[end - 1] ?? 0x30) - 0x30;
        end -= 3;
      }
    }
  }
  return { text: decodeText(bytes.subarray(0, end), charset), sequence, checksum };
}
