import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { CliError, findTenant, tenantOption, withServices } from './support.js';

/** `openfind collections`: special collections from a CSV file (docs/collections.md). */
export const collectionsCommand = new Command('collections').description(
  'special collections: load their records from a CSV file',
);

collectionsCommand
  .command('import')
  .description(
    'load special collections from a CSV of code,name,identifiers (ISBNs or control numbers separated by ";"); ' +
      'a collection met again keeps its records and gains the new ones',
  )
  .argument('<file>', 'the CSV file (UTF-8)')
  .addOption(tenantOption)
  .action(async (file: string, o: { tenant: string }) => {
    const text = await readFile(file, 'utf8').catch((e: Error) => {
      throw new CliError(`cannot read ${file}: ${e.message}`);
    });
    await withServices(async (s, db) => {
      const tenant = await findTenant(s, o.tenant);
      const { importCollectionsCsv } = await import('../modules/collections/collection-import.js');
      const report = await importCollectionsCsv(db.kysely, tenant.id, text).catch((e: Error) => {
        throw new CliError(e.message);
      });
      console.log(
        `collections: ${report.collections.length} (${report.collections.join(', ')}), ${report.added} records added, ` +
          `${report.notFound.length} identifiers not found, ${report.rejected.length} lines refused`,
      );
      for (const n of report.notFound.slice(0, 50)) console.log(`  line ${n.line}: no record "${n.identifier}"`);
      for (const r of report.rejected) console.log(`  line ${r.line}: ${r.reason}`);
    });
  });
