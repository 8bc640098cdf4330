import { Buffer } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { readCsv } from '../csv/read-csv.js';
import { DOUBAN_MAPPING } from '../csv/csv-mapping.js';
import type { CsvMapping } from '../csv/csv-mapping.js';
import { readIso2709 } from '../iso2709/read-iso2709.js';
import { readMarcJson } from '../json/read-marc-json.js';
import type { ReadResult } from '../model/read-result.js';
import { readMarcXml } from '../xml/read-marcxml.js';
import { detectFormat } from './detect-format.js';
import type { CatalogueFormat } from './detect-format.js';

/** Options for reading a catalogue export of any supported format. */
export interface ReadCatalogueOptions {
  /** File name (or label) recorded in every result; also a hint for CSV/TSV detection. */
  file: string;
  /** Skip detection and read as this format. */
  format?: Exclude<CatalogueFormat, 'gzip'>;
  /** Largest ISO 2709 record accepted, in bytes (default 2 MiB). */
  maxRecordBytes?: number;
  /** Accept ISO 2709 records with damaged UTF-8 (U+FFFD, with a warning) instead of rejecting them. */
  isLenient?: boolean;
  /** Column mapping for CSV/TSV (default: the Douban shape; TSV files default to a tab delimiter). */
  csvMapping?: CsvMapping;
}

const PEEK_BYTES = 64 * 1024;

async function* prepend(head: Uint8Array[], rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield* head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

function toAsyncIterator(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncIterator<Uint8Array> {
  if (Symbol.asyncIterator in chunks) return chunks[Symbol.asyncIterator]();
  const iterator = chunks[Symbol.iterator]();
  return { next: async () => iterator.next() };
}

/**
 * Reads a catalogue export from byte chunks: the format is detected from the content (gzip is
 * unwrapped first), then every record comes back decoded and mapped, or rejected with a reason.
 */
export async function* readCatalogue(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: ReadCatalogueOptions,
): AsyncGenerator<ReadResult> {
  const iterator = toAsyncIterator(chunks);
  const head: Uint8Array[] = [];
  let size = 0;
  while (size < PEEK_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    size += next.value.length;
  }
  const stream = prepend(head, iterator);
  const first = head.length === 1 && head[0] ? head[0] : Buffer.concat(head);
  const format = options.format ?? detectFormat(first, options.file);
  switch (format) {
    case 'gzip': {
      const unzipped = Readable.from(stream).pipe(createGunzip()) as AsyncIterable<Uint8Array>;
      yield* readCatalogue(unzipped, { ...options, file: options.file.replace(/\.gz$/i, '') });
      return;
    }
    case 'iso2709':
      yield* readIso2709(stream, {
        file: options.file,
        ...(options.maxRecordBytes !== undefined && { maxRecordBytes: options.maxRecordBytes }),
        ...(options.isLenient && { isLenient: true }),
      });
      return;
    case 'marcxml':
      yield* readMarcXml(stream, { file: options.file });
      return;
    case 'marc-json':
      yield* readMarcJson(stream, { file: options.file });
      return;
    case 'csv': {
      const isTsv = /\.tsv$/i.test(options.file);
      const mapping = options.csvMapping ?? (isTsv ? { ...DOUBAN_MAPPING, delimiter: '\t' } : DOUBAN_MAPPING);
      yield* readCsv(stream, { file: options.file, mapping });
      return;
    }
    default:
      yield {
        ok: false,
        reason: size === 0 ? 'file is empty' : 'format not recognised: not ISO 2709, MARCXML, MARC-in-JSON or CSV',
        raw: first.subarray(0, 256),
        source: { file: options.file, index: 0, byteOffset: 0 },
      };
  }
}

/** Reads a catalogue file from disk with `readCatalogue`, streaming in 64 KiB chunks. */
export function readCatalogueFile(
  path: string,
  options: Partial<ReadCatalogueOptions> = {},
): AsyncGenerator<ReadResult> {
  const stream = createReadStream(path, { highWaterMark: PEEK_BYTES }) as AsyncIterable<Uint8Array>;
  return readCatalogue(stream, { ...options, file: options.file ?? path });
}
