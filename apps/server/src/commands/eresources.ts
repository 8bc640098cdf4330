import { readFile } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import { Command, Option } from 'commander';
import { CliError, findTenant, tenantOption, withServices } from './support.js';

/** `openfind eresources`: databases from CSV and KBART title lists (docs/e-resources.md). */
export const eresourcesCommand = new Command('eresources').description(
  'databases and e-resources: load databases from CSV and title lists from KBART files',
);

interface ImportOptions {
  tenant: string;
  kind: 'databases' | 'kbart';
  package?: string;
}

eresourcesCommand
  .command('import')
  .description(
    'databases from a CSV (added or updated by Chinese name), or a KBART title list (NISO RP-9-2014, tab-separated, ' +
      'the 25 columns) replacing its package; bad lines are reported and skipped',
  )
  .argument('<file>', 'the file (UTF-8, with or without BOM)')
  .addOption(tenantOption)
  .addOption(new Option('--kind <kind>', 'what the file holds').choices(['databases', 'kbart']).makeOptionMandatory())
  .option(
    '--package <code>',
    'KBART: the package code (default: from the file name Provider_Region_Package_YYYY-MM-DD.txt)',
  )
  .action(async (file: string, o: ImportOptions) => {
    const bytes = await readFile(file).catch((e: Error) => {
      throw new CliError(`cannot read ${file}: ${e.message}`);
    });
    if (!isUtf8(bytes)) throw new CliError(`${file} is not UTF-8 text`);
    const text = bytes.toString('utf8');
    await withServices(async (s, db) => {
      const tenant = await findTenant(s, o.tenant);
      const { importDatabasesCsv, importKbart, EResourceImportError } =
        await import('../modules/e-resources/e-resource-import.js');
      const fail = (e: unknown): never => {
        if (e instanceof EResourceImportError) throw new CliError(e.message);
        throw e;
      };
      if (o.kind === 'databases') {
        const r = await importDatabasesCsv(db.kysely, tenant.id, text).catch(fail);
        console.log(`databases: ${r.added} added, ${r.updated} updated, ${r.problems.length} lines refused`);
        for (const p of r.problems) console.log(`  line ${p.line}: ${p.reason}`);
      } else {
        const r = await importKbart(db.kysely, tenant.id, text, { fileName: file, packageCode: o.package }).catch(fail);
        console.log(
          `kbart package ${r.packageCode}: ${r.titles} lines (${r.serials} serial, ${r.monographs} monograph), ` +
            `${r.problems.length} lines refused; ` +
            (r.collectionId === null ? 'no database lists this package yet' : `database ${r.collectionId}`),
        );
        for (const p of r.problems) console.log(`  line ${p.line}: ${p.reason}`);
      }
    });
  });
