import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Command, Option } from 'commander';
import type { CsvMapping } from '@openfind/marc';
import { Progress } from '../lib/progress.js';
import {
  estimateRecords,
  shouldDeferIndexes,
  withDeferredIndexes,
  type DeferIndexes,
} from '../modules/catalogue/import/deferred-indexes.js';
import {
  IMPORT_FORMATS,
  importWriters,
  POSTGRES_IMPORT_WRITERS,
  type ImportFormat,
} from '../modules/catalogue/import/import-options.js';
import { TenantDirectory } from '../modules/tenants/tenant-directory.js';
import { bulkConfig, CliError, deferIndexesOption, findTenant, withDatabase } from './support.js';

interface ImportOptions {
  tenant: string;
  format: ImportFormat;
  mapping?: string;
  rejectDir?: string;
  batchSize: string;
  writers: string;
  deferIndexes: DeferIndexes;
}

/**
 * `openfind import`: catalogue files with their holdings, one after the other. The import's modules
 * (reader and analysis threads, the writing side) load only here.
 */
export const importCommand = new Command('import')
  .description(
    'import catalogue files (MARC21/UNIMARC ISO 2709, MARC-8, MARCXML, MARC-in-JSON, CSV) with their holdings',
  )
  .argument('<files...>')
  .addOption(new Option('--tenant <selector>', 'institution to import into').default('default'))
  .addOption(new Option('--format <format>', 'file format').choices([...IMPORT_FORMATS]).default('auto'))
  .option('--mapping <file>', 'JSON column mapping for CSV/TSV files (of records, or of copies with "kind": "items")')
  .option('--reject-dir <dir>', 'folder for reject reports (default: beside each file)')
  .option('--batch-size <n>', 'records per committed batch', '1000')
  .option(
    '--writers <n>',
    `batches written at once into a PostgreSQL server, each committed on its own (the embedded database writes one at a time)`,
    String(POSTGRES_IMPORT_WRITERS),
  )
  .addOption(deferIndexesOption('importing'))
  .action(async (files: string[], o: ImportOptions) => {
    const batchSize = Number(o.batchSize);
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5000) {
      throw new CliError('--batch-size takes a whole number from 1 to 5000');
    }
    const writers = Number(o.writers);
    if (!Number.isInteger(writers) || writers < 1 || writers > 8) {
      throw new CliError('--writers takes a whole number from 1 to 8');
    }
    for (const f of files) if (!existsSync(f)) throw new CliError(`no such file: ${f}`);
    const csvMapping = o.mapping ? await readCsvMapping(o.mapping) : undefined;
    const { importFile, readsInOwnThread, startImportThreads, stopImportThreads } =
      await import('../modules/catalogue/import/import-file.js');
    const bytes = files.reduce((sum, f) => sum + statSync(f).size, 0);
    // The first file's threads load while the database opens.
    const early = readsInOwnThread(statSync(files[0]!).size) ? startImportThreads() : undefined;
    let threads = early;
    try {
      await withDatabase(
        async (db) => {
          const t = await findTenant({ tenants: new TenantDirectory(db.kysely, 0) }, o.tenant);
          const defer = await shouldDeferIndexes(db.kysely, db.kind, estimateRecords(bytes), o.deferIndexes);
          let failed = 0;
          await withDeferredIndexes(
            db.kysely,
            defer,
            async () => {
              for (const file of files) {
                const progress = new Progress(undefined, 'records', path.basename(file));
                // Only the first file takes the threads started early.
                const given = threads;
                threads = undefined;
                try {
                  const r = await importFile({
                    db: db.kysely,
                    tenantId: t.id,
                    file,
                    threads: given,
                    format: o.format,
                    batchSize,
                    // On a PostgreSQL server one batch is stored while the next is sent.
                    concurrentWrites: importWriters(db.kind, writers),
                    ...(csvMapping ? { csvMapping } : {}),
                    ...(o.rejectDir ? { rejectDir: o.rejectDir } : {}),
                    onProgress: (bytes, total, read) => {
                      const fraction = Math.min(1, bytes / Math.max(total, 1));
                      progress.update(read, `${Math.round(100 * fraction)}% of the file`, fraction);
                    },
                  });
                  progress.done();
                  console.log(
                    `${file}: read ${r.read}, created ${r.created}, updated ${r.updated}, unchanged ${r.unchanged}, ` +
                      (r.holdingsAttached
                        ? `holdings records attached ${r.holdingsAttached} (${r.itemsAttached} copies), `
                        : '') +
                      `skipped ${r.skipped} in ${r.seconds.toFixed(1)} s (${Math.round(r.read / Math.max(r.seconds, 0.001))} records/s)` +
                      (r.rejectReport ? `\n  skipped records and reasons: ${r.rejectReport}` : ''),
                  );
                } catch (err) {
                  progress.done();
                  failed++;
                  console.error(`${file}: not imported: ${(err as Error).message}`);
                }
              }
            },
            console.log,
          );
          if (failed) throw new CliError(`${failed} of ${files.length} file(s) could not be read`);
        },
        bulkConfig(estimateRecords(bytes)),
      );
    } finally {
      // Stopped by the import that took them, unless none did (the database could not be opened,
      // the institution is unknown) or it failed before starting to read.
      if (early) await stopImportThreads(early);
    }
  });

/** The column mapping of `--mapping` (the MARC package's parser loads only when one is given). */
async function readCsvMapping(file: string): Promise<CsvMapping> {
  const { parseCsvMapping } = await import('@openfind/marc');
  let parsed: CsvMapping | string;
  try {
    parsed = parseCsvMapping(JSON.parse(readFileSync(file, 'utf8')));
  } catch (err) {
    throw new CliError(`cannot use the mapping ${file}: ${(err as Error).message}`);
  }
  if (typeof parsed === 'string') throw new CliError(`cannot use the mapping ${file}: ${parsed}`);
  return parsed;
}
