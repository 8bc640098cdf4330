import { Buffer } from 'node:buffer';
import { textPieces } from '../encoding/text-pieces.js';
import { mapRecord } from '../map/map-record.js';
import { MAX_RECORD_BYTES, checkRecordSize } from '../model/limits.js';
import type { ReadResult } from '../model/read-result.js';
import { marcFromJson } from './marc-from-json.js';
import type { Json } from './marc-from-json.js';

/** Options for reading MARC-in-JSON. */
export interface ReadMarcJsonOptions {
  /** File name (or label) recorded in every result's source. */
  file: string;
}

/**
 * Longest line kept, in characters: twice the record limit leaves room for JSON's quoting and
 * `\uXXXX` escapes of a record within {@link MAX_RECORD_BYTES}; a longer line is not built (only
 * its start is kept, for the reject report) and comes back with its real length.
 */
const MAX_LINE_CHARS = 2 * MAX_RECORD_BYTES;

/** Largest JSON array read whole (an array is parsed at once): a file over it must be one object per line. */
const MAX_ARRAY_CHARS = 32 * MAX_RECORD_BYTES;

/** The start of an over-long line kept for the reject report. */
const KEPT_CHARS = 4096;

interface Line {
  text: string;
  line: number;
  byteOffset: number;
  /** Set when the line was longer than {@link MAX_LINE_CHARS}: its length; `text` is its start only. */
  overlong?: number;
}

async function* lines(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Line> {
  let pending = '';
  let line = 1;
  let byteOffset = 0;
  // Characters of the current line dropped past the cap, and its bytes.
  let dropped = 0;
  let droppedBytes = 0;
  // A file that is one JSON array (often on one line) is bounded as a whole, not by the line.
  let cap = MAX_LINE_CHARS;
  let isShapeKnown = false;
  const take = (text: string): Line => {
    const result: Line = { text, line, byteOffset };
    if (dropped > 0) result.overlong = text.length + dropped;
    byteOffset += Buffer.byteLength(text) + droppedBytes + 1;
    line += 1;
    dropped = 0;
    droppedBytes = 0;
    return result;
  };
  for await (const text of textPieces(chunks)) {
    if (!isShapeKnown) {
      const start = text.replace(/^\uFEFF/, '').trimStart();
      if (start) {
        isShapeKnown = true;
        if (start.startsWith('[')) cap = MAX_ARRAY_CHARS;
      }
    }
    let at = text.indexOf('\n');
    let from = 0;
    while (at >= 0) {
      const piece = text.slice(from, at);
      if (dropped > 0) {
        dropped += piece.length;
        droppedBytes += Buffer.byteLength(piece);
        yield take(pending);
      } else {
        yield take(pending + piece);
      }
      pending = '';
      from = at + 1;
      at = text.indexOf('\n', from);
    }
    const rest = text.slice(from);
    if (dropped > 0 || pending.length + rest.length > cap) {
      // An over-long line (a 50 MB field): keep its start, count the rest without building it.
      if (dropped === 0) {
        const all = pending + rest;
        pending = all.slice(0, KEPT_CHARS);
        dropped = all.length - pending.length;
        droppedBytes = Buffer.byteLength(all) - Buffer.byteLength(pending);
      } else {
        dropped += rest.length;
        droppedBytes += Buffer.byteLength(rest);
      }
    } else {
      pending += rest;
    }
  }
  if (pending.length > 0 || dropped > 0) yield take(pending);
}

/**
 * Reads MARC records as JSON: one object per line (marc-in-json, or the controlfield/datafield shape),
 * or a single JSON array of them. A line that is not valid JSON is rejected with its line number.
 */
export async function* readMarcJson(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: ReadMarcJsonOptions,
): AsyncGenerator<ReadResult> {
  let index = 0;
  let arrayText: string | undefined;
  let arrayLine = 0;
  let arrayOverlong = false;
  for await (const { text, line, byteOffset, overlong } of lines(chunks)) {
    const trimmed = text.replace(/^\uFEFF/, '').trim();
    if (arrayText !== undefined) {
      if (overlong !== undefined || arrayText.length + text.length > MAX_ARRAY_CHARS) arrayOverlong = true;
      if (!arrayOverlong) arrayText += `\n${text}`;
      continue;
    }
    if (overlong !== undefined && index === 0 && trimmed.startsWith('[')) {
      arrayText = text.replace(/^\uFEFF/, '');
      arrayLine = line;
      arrayOverlong = true;
      continue;
    }
    if (overlong !== undefined) {
      yield {
        ok: false,
        reason: `line ${line} is ${overlong} characters long, over the ${MAX_LINE_CHARS}-character limit of one JSON record (raw holds its first ${text.length})`,
        raw: text,
        source: { file: options.file, index: index++, line, byteOffset },
      };
      continue;
    }
    if (!trimmed) continue;
    if (index === 0 && trimmed.startsWith('[')) {
      arrayText = text.replace(/^\uFEFF/, '');
      arrayLine = line;
      continue;
    }
    const source = { file: options.file, index: index++, line, byteOffset };
    let value: Json;
    try {
      value = JSON.parse(trimmed.replace(/,$/, '')) as Json;
    } catch (error) {
      yield {
        ok: false,
        reason: `line ${line} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
        raw: text,
        source,
      };
      continue;
    }
    yield toResult(value, source, text);
  }
  if (arrayText === undefined) return;
  if (arrayOverlong) {
    yield {
      ok: false,
      reason: `JSON array starting at line ${arrayLine} is over ${MAX_ARRAY_CHARS} characters (or holds a line over ${MAX_LINE_CHARS}): export one record a line instead`,
      raw: arrayText.slice(0, KEPT_CHARS),
      source: { file: options.file, index: index++, line: arrayLine },
    };
    return;
  }
  let values: Json;
  try {
    values = JSON.parse(arrayText) as Json;
  } catch (error) {
    yield {
      ok: false,
      reason: `JSON array starting at line ${arrayLine} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      raw: arrayText,
      source: { file: options.file, index: index++, line: arrayLine },
    };
    return;
  }
  for (const value of Array.isArray(values) ? values : [values]) {
    yield toResult(value, { file: options.file, index: index++, line: arrayLine }, JSON.stringify(value));
  }
}

function toResult(value: Json, source: ReadResult['source'], raw: string): ReadResult {
  const built = marcFromJson(value);
  if ('reason' in built) return { ok: false, reason: built.reason, raw, source };
  const tooLarge = checkRecordSize(built.record.fields);
  if (tooLarge) return { ok: false, reason: tooLarge, raw: raw.slice(0, KEPT_CHARS), source };
  const mapped = mapRecord(built.record);
  return { ok: true, record: built.record, bib: mapped.bib, source, warnings: [...built.warnings, ...mapped.warnings] };
}
