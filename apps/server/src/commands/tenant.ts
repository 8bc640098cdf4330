import { Command } from 'commander';
import { createTenant } from '../modules/tenants/tenant-service.js';
import { CliError, withServices } from './support.js';

/** `openfind tenant`: add and list institutions. */
export const tenantCommand = new Command('tenant').description('institutions (tenants)');

tenantCommand
  .command('add')
  .description('add an institution')
  .requiredOption('--mapping-path <path>', 'first URL path segment ("" for the default institution)')
  .requiredOption('--group-code <code>', 'group code')
  .requiredOption('--name <name>', 'name in Simplified Chinese')
  .option('--name-en <name>', 'name in English')
  .option('--name-tw <name>', 'name in Traditional Chinese')
  .option('--label <label>', 'short label')
  .action(
    async (o: {
      mappingPath: string;
      groupCode: string;
      name: string;
      nameEn?: string;
      nameTw?: string;
      label?: string;
    }) => {
      if (!/^[A-Za-z0-9_-]{0,64}$/.test(o.mappingPath)) {
        throw new CliError('--mapping-path may hold letters, digits, _ and - (at most 64)');
      }
      if (!/^[0-9A-Za-z_-]{1,32}$/.test(o.groupCode))
        throw new CliError('--group-code may hold letters, digits, _ and -');
      await withServices(async (s, db) => {
        const all = await s.tenants.list();
        if (all.some((t) => t.mappingPath === o.mappingPath))
          throw new CliError(`mapping path "${o.mappingPath}" is taken`);
        if (all.some((t) => t.groupCode === o.groupCode)) throw new CliError(`group code "${o.groupCode}" is taken`);
        const id = await createTenant(db.kysely, o);
        console.log(`added institution ${id}: ${o.name} at /${o.mappingPath}`);
      });
    },
  );

tenantCommand
  .command('list')
  .description('list institutions')
  .action(async () => {
    await withServices(async (s) => {
      for (const t of await s.tenants.list()) {
        console.log(`${t.groupCode}\t/${t.mappingPath}\t${t.name}`);
      }
    });
  });
