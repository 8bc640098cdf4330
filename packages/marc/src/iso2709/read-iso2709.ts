import { mapRecord } from '../map/map-record.js';
import { checkRecordSize } from '../model/limits.js';
import type { ReadResult } from '../model/read-result.js';
import { decodeIso2709 } from './decode-iso2709.js';
import { splitIso2709 } from './split-iso2709.js';

/** Options for reading ISO 2709. */
export interface ReadIso2709Options {
  /** File name (or label) recorded in every result's source. */
  file: string;
  /** Largest record accepted, in bytes (default 2 MiB). */
  maxRecordBytes?: number;
  /** Accept records with undecodable UTF-8 (kept as U+FFFD, with a warning) instead of rejecting them. */
  isLenient?: boolean;
}

/**
 * Reads ISO 2709 (MARC21 or UNIMARC, any mix) from a stream of byte chunks, one result per record:
 * decoded and mapped, or rejected with a reason and its raw bytes. Memory stays bounded by the
 * largest record, so a million-record file streams through.
 */
export async function* readIso2709(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: ReadIso2709Options,
): AsyncGenerator<ReadResult> {
  let index = 0;
  const splitOptions = options.maxRecordBytes === undefined ? {} : { maxRecordBytes: options.maxRecordBytes };
  for await (const chunk of splitIso2709(chunks, splitOptions)) {
    const source = { file: options.file, index, byteOffset: chunk.byteOffset };
    index += 1;
    if (chunk.oversizeBytes !== undefined) {
      yield {
        ok: false,
        reason: `record is ${chunk.oversizeBytes} bytes, over the ${chunk.bytes.length}-byte limit (raw holds its first ${chunk.bytes.length} bytes)`,
        raw: chunk.bytes,
        source,
      };
      continue;
    }
    if (!chunk.isComplete) {
      yield {
        ok: false,
        reason: `truncated file: the last ${chunk.bytes.length} bytes (from byte ${chunk.byteOffset}) are a partial record with no record terminator`,
        raw: chunk.bytes,
        source,
      };
      continue;
    }
    const decoded = decodeIso2709(chunk.bytes, options.isLenient ? { isLenient: true } : {});
    if ('reason' in decoded) {
      yield { ok: false, reason: decoded.reason, raw: chunk.bytes, source };
      continue;
    }
    // A repaired directory can hold a field far over the 9,999 bytes its length digits allow.
    const tooLarge = checkRecordSize(decoded.record.fields);
    if (tooLarge) {
      yield { ok: false, reason: tooLarge, raw: chunk.bytes, source };
      continue;
    }
    const mapped = mapRecord(decoded.record);
    yield {
      ok: true,
      record: decoded.record,
      bib: mapped.bib,
      source,
      warnings: [...decoded.warnings, ...mapped.warnings],
    };
  }
}
