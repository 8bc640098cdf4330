import { Command, Option } from 'commander';
import { Progress } from '../lib/progress.js';
import {
  shouldDeferIndexes,
  withDeferredIndexes,
  type DeferIndexes,
} from '../modules/catalogue/import/deferred-indexes.js';
import { importWriters } from '../modules/catalogue/import/import-options.js';
import { briefConfig, bulkConfig, CliError, deferIndexesOption, findTenant, withServices } from './support.js';

/** `openfind seed --demo`: the demo institutions, or a generated demo catalogue of N records. */
export const seedCommand = new Command('seed')
  .description('load demo data')
  .requiredOption('--demo', 'the demo institutions with their libraries, locations and catalogues')
  .option('--records <n>', 'generate N demo catalogue records for --tenant (re-running updates, never duplicates)')
  .addOption(new Option('--tenant <selector>', 'institution for --records').default('default'))
  .addOption(deferIndexesOption('generating'))
  .action(async (o: { records?: string; tenant: string; deferIndexes: DeferIndexes }) => {
    const { seedDemo } = await import('../seed/demo.js');
    const { seedDemoCatalogue } = await import('../seed/demo-catalogue.js');
    await withServices(
      async (s, db) => {
        if (o.records === undefined) {
          const r = await seedDemo(db.kysely);
          console.log(
            `created: ${r.created.join(', ') || 'none'}; already there: ${r.skipped.join(', ') || 'none'}; ` +
              `demo records: ${r.records}`,
          );
          return;
        }
        const n = Number(o.records);
        if (!Number.isInteger(n) || n < 1 || n > 10_000_000)
          throw new CliError('--records takes a whole number from 1 to 10000000');
        if (!(await s.tenants.find(o.tenant)) && o.tenant === 'default') await seedDemo(db.kysely, { records: 0 });
        s.tenants.invalidate();
        const t = await findTenant(s, o.tenant);
        const progress = new Progress(n, 'records');
        const defer = await shouldDeferIndexes(db.kysely, db.kind, n, o.deferIndexes);
        const created = await withDeferredIndexes(
          db.kysely,
          defer,
          async () => {
            const writers = importWriters(db.kind);
            const created = await seedDemoCatalogue(db.kysely, t.id, n, (done) => progress.update(done), writers);
            progress.done();
            return created;
          },
          console.log,
        );
        console.log(`demo catalogue of ${t.name}: ${n} records (${created} new) in ${progress.seconds().toFixed(1)} s`);
      },
      o.records === undefined ? briefConfig() : bulkConfig(Number(o.records)),
    );
  });
