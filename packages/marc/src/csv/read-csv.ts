import { Buffer, isUtf8 } from 'node:buffer';
import { parse } from 'csv-parse';
import { looksLikeGb18030 } from '../encoding/scan-bytes.js';
import { textPieces } from '../encoding/text-pieces.js';
import { MAX_FIELD_BYTES, MAX_RECORD_BYTES, fieldTooLarge } from '../model/limits.js';
import type { ReadResult } from '../model/read-result.js';
import { DOUBAN_MAPPING } from './csv-mapping.js';
import type { CsvMapping, CsvTarget, ItemTarget } from './csv-mapping.js';
import { cleanCell, mapCsvRow, mapItemRow } from './map-csv-row.js';

/** Options for reading CSV/TSV book metadata. */
export interface ReadCsvOptions {
  /** File name (or label) recorded in every result's source. */
  file: string;
  /** Column mapping (default: the Douban export shape). */
  mapping?: CsvMapping;
}

interface ParsedRow {
  record: string[];
  raw: string;
  info: { lines: number };
}

/**
 * Reads CSV/TSV rows of book metadata (UTF-8 with or without BOM, or the mapping's encoding) into the
 * bibliographic model. The header row names the columns; a missing title column rejects the file
 * with one result, other missing columns are reported on the first record.
 */
export async function* readCsv(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: ReadCsvOptions,
): AsyncGenerator<ReadResult> {
  const mapping = options.mapping ?? DOUBAN_MAPPING;
  const parser = parse({
    bom: true,
    delimiter: mapping.delimiter ?? ',',
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
    raw: true,
    // The parser builds a row whole: a row past the record limit stops the file here (a reject
    // says where) rather than growing without bound.
    max_record_size: MAX_RECORD_BYTES,
  });
  let detected: string | undefined;
  const feed = (async (): Promise<void> => {
    const { encoding, bytes } = mapping.encoding
      ? { encoding: mapping.encoding, bytes: chunks }
      : await detectCsvEncoding(chunks);
    if (encoding !== 'utf-8' && !mapping.encoding) detected = encoding;
    for await (const text of textPieces(bytes, encoding)) {
      if (parser.destroyed) return;
      if (!parser.write(text)) {
        await new Promise<void>((resolve) => {
          const done = (): void => {
            parser.off('drain', done);
            parser.off('close', done);
            resolve();
          };
          parser.on('drain', done);
          parser.on('close', done);
        });
      }
    }
    if (!parser.destroyed) parser.end();
  })();
  let header: string[] | undefined;
  const indexes: Partial<Record<CsvTarget | ItemTarget, number>> = {};
  const required = mapping.kind === 'items' ? 'record' : 'title';
  let headerWarning: string | undefined;
  let index = 0;
  let previousLine = 0;
  try {
    for await (const row of parser as AsyncIterable<ParsedRow>) {
      const line = previousLine + 1;
      previousLine = row.info.lines;
      if (!header) {
        header = row.record.map((name) => name.replace(/^\uFEFF/, '').trim());
        const missing: string[] = [];
        for (const [target, column] of Object.entries(mapping.columns) as [CsvTarget | ItemTarget, string | number][]) {
          const at = typeof column === 'number' ? column : header.indexOf(column);
          if (at < 0 || at >= header.length) missing.push(`${target} → "${column}"`);
          else indexes[target] = at;
        }
        if (indexes[required] === undefined) {
          yield {
            ok: false,
            reason: `CSV header lacks the ${required} column (${missing.join(', ')}); header is: ${header.join(', ')}`,
            raw: row.raw,
            source: { file: options.file, index: index++, line },
          };
          return;
        }
        const notes = [
          ...(detected ? [`the file is not UTF-8: read as ${detected.toUpperCase()} (GBK) Chinese`] : []),
          ...(missing.length > 0
            ? [`CSV header lacks the mapped column(s) ${missing.join(', ')}; those fields stay empty`]
            : []),
        ];
        if (notes.length > 0) headerWarning = notes.join('; ');
        continue;
      }
      const cells = row.record;
      const cell = (target: CsvTarget | ItemTarget): string => {
        const at = indexes[target];
        return at === undefined ? '' : cleanCell(cells[at]);
      };
      const source = { file: options.file, index: index++, line };
      const overLimit = cells.findIndex(
        (value) => value.length > MAX_FIELD_BYTES / 3 && Buffer.byteLength(value) > MAX_FIELD_BYTES,
      );
      if (overLimit >= 0) {
        const name = `column ${overLimit + 1}${header[overLimit] ? ` (${header[overLimit]})` : ''}`;
        yield {
          ok: false,
          reason: fieldTooLarge(name, Buffer.byteLength(cells[overLimit] ?? '')),
          raw: row.raw.slice(0, 4096),
          source,
        };
        continue;
      }
      const mapped = mapping.kind === 'items' ? mapItemRow(cell) : mapCsvRow(cell, mapping);
      if ('reason' in mapped) yield { ok: false, reason: mapped.reason, raw: row.raw, source };
      else {
        const warnings = headerWarning ? [headerWarning, ...mapped.warnings] : mapped.warnings;
        headerWarning = undefined;
        yield { ok: true, record: null, bib: mapped.bib, source, warnings };
      }
    }
  } catch (error) {
    yield {
      ok: false,
      reason: `CSV cannot be parsed after line ${previousLine}: ${error instanceof Error ? error.message : String(error)}`,
      raw: '',
      source: { file: options.file, index: index++, line: previousLine + 1 },
    };
  } finally {
    parser.destroy();
    await feed.catch(() => undefined);
  }
}

/** Bytes looked at to tell a CSV file's encoding. */
const SNIFF_BYTES = 65_536;

/**
 * The encoding of a CSV file given none: UTF-8, unless its first bytes are not UTF-8 but read as
 * GB18030 (GBK) Chinese. The chunks are given back whole, the sniffed ones first.
 */
async function detectCsvEncoding(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<{ encoding: string; bytes: AsyncIterable<Uint8Array> }> {
  const iterator = (Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]()) as
    AsyncIterator<Uint8Array> | Iterator<Uint8Array>;
  const head: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  const sample = Buffer.concat(head).subarray(0, SNIFF_BYTES);
  // Judged up to the last line break, so that no character is cut at the end of the sample.
  const lastBreak = done ? sample.length : sample.lastIndexOf(0x0a) + 1;
  const whole = lastBreak > 0 ? sample.subarray(0, lastBreak) : sample;
  const encoding = !isUtf8(whole) && looksLikeGb18030(whole, 0, whole.length) ? 'gb18030' : 'utf-8';
  async function* bytes(): AsyncGenerator<Uint8Array> {
    yield* head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { encoding, bytes: bytes() };
}
