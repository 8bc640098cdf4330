import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { readCatalogue, type CsvMapping, type ReadCatalogueOptions, type RecordSource } from '@openfind/marc';
import type { Database } from '../../../db/schema.js';
import { attachHoldingsRecords, type HoldingsRecordInput } from '../holdings-records.js';
import type { RecordInput } from '../record-input.js';
import { StorePipeline } from '../store-pipeline.js';
import { bibToRecord, holdingsToItems } from './bib-to-record.js';
import { loadPlaceDirectory } from './place-directory.js';
import { RejectWriter } from './reject-writer.js';

/** The formats an operator can name; 'auto' detects per file (and encoding and flavour per record). */
export const IMPORT_FORMATS = ['auto', 'marc', 'marcxml', 'unimarc', 'json', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

const READER_FORMAT: Record<ImportFormat, ReadCatalogueOptions['format']> = {
  auto: undefined,
  marc: 'iso2709',
  unimarc: 'iso2709', // the flavour is decided per record
  marcxml: 'marcxml',
  json: 'marc-json',
  csv: 'csv',
};

export interface ImportFileOptions {
  db: Kysely<Database>;
  tenantId: number;
  file: string;
  format?: ImportFormat;
  csvMapping?: CsvMapping;
  /** Folder for the reject report and raw rejected records (default: beside the file). */
  rejectDir?: string;
  batchSize?: number;
  /** Called after each stored batch: bytes read so far, file size, records read. */
  onProgress?: (bytes: number, total: number, read: number) => void;
}

/** What importing one file did. Every record read is created, updated, unchanged, attached or skipped. */
export interface FileSummary {
  file: string;
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Holdings records (MFHD, ISO 20775) attached to their bibliographic records, and the copies they brought. */
  holdingsAttached: number;
  itemsAttached: number;
  /** Rejected (unreadable) and skipped (not a catalogue record) records, each in the reject report. */
  skipped: number;
  rejectReport?: string | undefined;
  warnings: number;
  seconds: number;
}

/**
 * Imports one catalogue file into a tenant: reads every record (format detected unless given),
 * maps it to the record model, and stores it in batches that each commit on their own, so an
 * interrupted import keeps its committed batches and running it again completes it without
 * duplicates. Nothing is dropped without a line in the reject report.
 */
export async function importFile(opts: ImportFileOptions): Promise<FileSummary> {
  const started = Date.now();
  const size = statSync(opts.file).size;
  const places = await loadPlaceDirectory(opts.db, opts.tenantId);
  const rejects = new RejectWriter(opts.rejectDir ?? path.dirname(path.resolve(opts.file)), opts.file);
  const run = await opts.db
    .insertInto('import_run')
    .values({
      tenant_id: opts.tenantId,
      file_name: path.basename(opts.file),
      file_size: size,
      file_hash: await hashFile(opts.file),
      format: opts.format ?? 'auto',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  let bytes = 0;
  let read = 0;
  let warnings = 0;
  const stream = createReadStream(opts.file);
  stream.on('data', (chunk) => (bytes += chunk.length));
  const pipeline = new StorePipeline(opts.db, opts.tenantId, () => opts.onProgress?.(bytes, size, read));
  const batchSize = opts.batchSize ?? 1000;
  let batch: RecordInput[] = [];
  // Holdings records wait until the bibliographic records read before them are stored; those whose
  // record comes later in the file are tried again at the end.
  let holdings: Array<HoldingsRecordInput & { source: RecordSource }> = [];
  let deferred: typeof holdings = [];
  let holdingsAttached = 0;
  let itemsAttached = 0;
  const attachHoldings = async (final: boolean) => {
    if (batch.length) {
      await pipeline.push(batch);
      batch = [];
    }
    await pipeline.whenWritten();
    const pending = final ? [...deferred, ...holdings] : holdings;
    holdings = [];
    if (final) deferred = [];
    const outcomes = await attachHoldingsRecords(opts.db, opts.tenantId, pending);
    outcomes.forEach((outcome, i) => {
      const h = pending[i]!;
      if (outcome.kind === 'attached') {
        holdingsAttached++;
        itemsAttached += outcome.items;
      } else if (outcome.kind === 'ambiguous') {
        rejects.write(
          h.source,
          `skipped: holdings record names ${outcome.recordIds.length} records (${h.links.join(', ')}); attach it by hand`,
        );
      } else if (final) {
        rejects.write(
          h.source,
          `skipped: holdings record for ${h.links.join(', ')}: no such record in this institution (import the bibliographic records first)`,
        );
      } else {
        deferred.push(h);
      }
    });
  };
  const readerFormat = READER_FORMAT[opts.format ?? 'auto'];
  try {
    for await (const result of readCatalogue(stream as AsyncIterable<Uint8Array>, {
      file: path.basename(opts.file),
      ...(readerFormat ? { format: readerFormat } : {}),
      ...(opts.csvMapping ? { csvMapping: opts.csvMapping } : {}),
    })) {
      read++;
      if (!result.ok) {
        rejects.write(result.source, result.reason, result.raw);
        continue;
      }
      if (result.bib.recordKind === 'holdings') {
        const bib = result.bib;
        const links = bib.linkedRecordId ? [bib.linkedRecordId] : (bib.identity.systemNumbers ?? []);
        const items = holdingsToItems(bib.holdings, places);
        if (!links.length) {
          rejects.write(result.source, 'skipped: holdings record names no bibliographic record (no 004, no 001)');
        } else if (!items.length) {
          rejects.write(result.source, 'skipped: holdings record lists no copy or location');
        } else {
          holdings.push({ key: `holdings:${bib.identity.key}`, links, items, source: result.source });
          if (holdings.length >= batchSize) await attachHoldings(false);
        }
        continue;
      }
      if (result.bib.recordKind !== 'bibliographic') {
        rejects.write(result.source, `skipped: ${result.bib.recordKind} record, not a catalogue record`);
        continue;
      }
      warnings += result.warnings.length;
      const record = bibToRecord(result.bib, result.record, places);
      if (!record.title.trim() && !record.isbns?.length) {
        rejects.write(result.source, 'skipped: the record has neither a title nor an ISBN');
        continue;
      }
      batch.push(record);
      if (batch.length >= batchSize) {
        await pipeline.push(batch);
        batch = [];
      }
    }
    if (holdings.length || deferred.length) await attachHoldings(true);
    if (batch.length) await pipeline.push(batch);
  } catch (err) {
    await pipeline.finish().catch(() => undefined);
    await rejects.close();
    stream.destroy();
    throw err;
  }
  const totals = await pipeline.finish();
  await rejects.close();
  opts.onProgress?.(size, size, read);
  await opts.db
    .updateTable('import_run')
    .set({
      finished_at: new Date().toISOString(),
      read_count: read,
      created_count: totals.created,
      updated_count: totals.updated,
      unchanged_count: totals.unchanged,
      skipped_count: rejects.count,
    })
    .where('id', '=', run.id)
    .execute();
  return {
    file: opts.file,
    read,
    created: totals.created,
    updated: totals.updated,
    unchanged: totals.unchanged,
    holdingsAttached,
    itemsAttached,
    skipped: rejects.count,
    rejectReport: rejects.reportPath,
    warnings: warnings + totals.warnings.length,
    seconds: (Date.now() - started) / 1000,
  };
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
