import { Buffer } from 'node:buffer';
import { textPieces } from '../encoding/text-pieces.js';
import { mapRecord } from '../map/map-record.js';
import type { ReadResult } from '../model/read-result.js';
import { marcFromJson } from './marc-from-json.js';
import type { Json } from './marc-from-json.js';

/** Options for reading MARC-in-JSON. */
export interface ReadMarcJsonOptions {
  /** File name (or label) recorded in every result's source. */
  file: string;
}

async function* lines(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<{ text: string; line: number; byteOffset: number }> {
  let pending = '';
  let line = 1;
  let byteOffset = 0;
  for await (const text of textPieces(chunks)) {
    pending += text;
    let at = pending.indexOf('\n');
    while (at >= 0) {
      const text = pending.slice(0, at);
      yield { text, line, byteOffset };
      byteOffset += Buffer.byteLength(text) + 1;
      line += 1;
      pending = pending.slice(at + 1);
      at = pending.indexOf('\n');
    }
  }
  if (pending.length > 0) yield { text: pending, line, byteOffset };
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
  for await (const { text, line, byteOffset } of lines(chunks)) {
    const trimmed = text.replace(/^\uFEFF/, '').trim();
    if (arrayText !== undefined) {
      arrayText += `\n${text}`;
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
  const mapped = mapRecord(built.record);
  return { ok: true, record: built.record, bib: mapped.bib, source, warnings: [...built.warnings, ...mapped.warnings] };
}
