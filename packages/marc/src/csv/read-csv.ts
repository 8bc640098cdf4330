import { parse } from 'csv-parse';
import { textPieces } from '../encoding/text-pieces.js';
import type { ReadResult } from '../model/read-result.js';
import { DOUBAN_MAPPING } from './csv-mapping.js';
import type { CsvMapping, CsvTarget } from './csv-mapping.js';
import { cleanCell, mapCsvRow } from './map-csv-row.js';

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
  });
  const feed = (async (): Promise<void> => {
    for await (const text of textPieces(chunks, mapping.encoding ?? 'utf-8')) {
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
  const indexes: Partial<Record<CsvTarget, number>> = {};
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
        for (const [target, column] of Object.entries(mapping.columns) as [CsvTarget, string | number][]) {
          const at = typeof column === 'number' ? column : header.indexOf(column);
          if (at < 0 || at >= header.length) missing.push(`${target} → "${column}"`);
          else indexes[target] = at;
        }
        if (indexes.title === undefined) {
          yield {
            ok: false,
            reason: `CSV header lacks the title column (${missing.join(', ')}); header is: ${header.join(', ')}`,
            raw: row.raw,
            source: { file: options.file, index: index++, line },
          };
          return;
        }
        if (missing.length > 0)
          headerWarning = `CSV header lacks the mapped column(s) ${missing.join(', ')}; those fields stay empty`;
        continue;
      }
      const cells = row.record;
      const cell = (target: CsvTarget): string => {
        const at = indexes[target];
        return at === undefined ? '' : cleanCell(cells[at]);
      };
      const source = { file: options.file, index: index++, line };
      const mapped = mapCsvRow(cell, mapping);
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
