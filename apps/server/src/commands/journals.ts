import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { CliError, findTenant, tenantOption, withServices } from './support.js';

/**
 * `openfind journals`: journal navigation's data. `core-import` loads a core list (北大核心, CSSCI,
 * CSCD, SCI, EI… or one of the institution's own) from a CSV file: ISSN, title, optional CLC class.
 */
export const journalsCommand = new Command('journals').description(
  'journal navigation: load core-journal lists (PKU, CSSCI, CSCD, SCI, EI, the library’s own)',
);

journalsCommand
  .command('core-import')
  .description(
    'load a core list from a CSV file (ISSN, title, optional CLC class; a header line is skipped): the marks of ' +
      'that list and edition are replaced; lines without a valid ISSN are reported',
  )
  .addOption(tenantOption)
  .requiredOption('--list <code>', 'pku, cssci, cscd, sci, ei… (coreInclude) or a code of the library’s own lists')
  .option('--edition <edition>', 'the edition or year of the list, such as 2023', '')
  .option('--name <name>', 'a new list of the library’s own: its name (added to customCoreList)')
  .argument('<file>', 'the CSV file (UTF-8)')
  .action(async (file: string, o: { tenant: string; list: string; edition: string; name?: string }) => {
    const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      throw new CliError(`cannot read ${file}: ${err.code ?? err.message}`);
    });
    const { AppError } = await import('../http/errors.js');
    const { t } = await import('../http/messages.js');
    await withServices(async (s) => {
      const tenant = await findTenant(s, o.tenant);
      try {
        const r = await s.journals.importCoreList(tenant.id, o.list, o.edition, text, o.name);
        console.log(
          `${r.list}${r.edition ? ` ${r.edition}` : ''}: ${r.loaded} journals loaded (${r.replaced} replaced), ` +
            `${r.read} lines read, ${r.rejected.length} rejected`,
        );
        for (const x of r.rejected.slice(0, 50)) console.log(`  line ${x.line}: ${x.reason}`);
        if (r.rejected.length > 50) console.log(`  … and ${r.rejected.length - 50} more`);
      } catch (err) {
        if (err instanceof AppError) throw new CliError(`${t('en-US', err.key, err.params)} (${err.errCode})`);
        throw err;
      }
    });
  });
