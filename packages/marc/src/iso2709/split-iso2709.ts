import { MAX_RECORD_BYTES } from '../model/limits.js';

/** One record's bytes as cut from an ISO 2709 stream. */
export interface Iso2709Chunk {
  /** The record's bytes, including its 0x1D terminator when `isComplete`. */
  bytes: Uint8Array;
  /** Offset of the record's first byte in the stream. */
  byteOffset: number;
  /** False for a partial record at the end of a truncated stream. */
  isComplete: boolean;
  /** Real size of a record larger than the cap (only its first `maxRecordBytes` bytes are kept). */
  oversizeBytes?: number;
}

/** Options for splitting an ISO 2709 stream. */
export interface SplitOptions {
  /** Largest record accepted, in bytes; larger records come back truncated with `oversizeBytes` set. */
  maxRecordBytes?: number;
}

/** Default cap on one record's size: {@link MAX_RECORD_BYTES} (the largest real record seen is 1.05 MB). */
export const DEFAULT_MAX_RECORD_BYTES = MAX_RECORD_BYTES;

const RECORD_TERMINATOR = 0x1d;

/** True for bytes that may sit between records without being part of one (line breaks, NUL padding). */
function isFiller(byte: number): boolean {
  return byte === 0x0a || byte === 0x0d || byte === 0x00 || byte === 0x1a;
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Cuts a byte stream into ISO 2709 records on the 0x1D record terminator, never trusting the
 * leader's record length (records over 99,999 bytes and damaged leaders lie about it). Line breaks
 * and padding between records are skipped; a trailing fragment is returned with `isComplete: false`.
 */
export async function* splitIso2709(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: SplitOptions = {},
): AsyncGenerator<Iso2709Chunk> {
  const cap = options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
  let parts: Uint8Array[] = [];
  let kept = 0;
  let total = 0;
  let recordOffset = 0;
  let streamOffset = 0;
  let inRecord = false;

  for await (const chunk of chunks) {
    let at = 0;
    while (at < chunk.length) {
      if (!inRecord) {
        while (at < chunk.length && isFiller(chunk[at] ?? 0)) at += 1;
        if (at >= chunk.length) break;
        inRecord = true;
        recordOffset = streamOffset + at;
      }
      const end = chunk.indexOf(RECORD_TERMINATOR, at);
      const stop = end === -1 ? chunk.length : end + 1;
      const piece = chunk.subarray(at, stop);
      total += piece.length;
      if (kept < cap) {
        const room = cap - kept;
        const keep = piece.length <= room ? piece : piece.subarray(0, room);
        parts.push(end === -1 ? keep.slice() : keep);
        kept += keep.length;
      }
      at = stop;
      if (end !== -1) {
        const bytes = concat(parts, kept);
        const record: Iso2709Chunk = { bytes, byteOffset: recordOffset, isComplete: true };
        if (total > cap) record.oversizeBytes = total;
        yield record;
        parts = [];
        kept = 0;
        total = 0;
        inRecord = false;
      }
    }
    streamOffset += chunk.length;
  }
  if (inRecord && total > 0) {
    const record: Iso2709Chunk = { bytes: concat(parts, kept), byteOffset: recordOffset, isComplete: false };
    if (total > cap) record.oversizeBytes = total;
    yield record;
  }
}
