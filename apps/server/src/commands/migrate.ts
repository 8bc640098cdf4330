import { Command } from 'commander';
import { openConfiguredDatabase, prepareDatabase } from '../db/setup.js';
import { briefConfig } from './support.js';

/** `openfind migrate`: pending migrations and the default code lists, and what was applied. */
export const migrateCommand = new Command('migrate')
  .description('apply pending database migrations and refresh the default code lists')
  .action(async () => {
    const cfg = briefConfig();
    const db = await openConfiguredDatabase(cfg);
    try {
      const { applied } = await prepareDatabase(db);
      console.log(applied.length ? `applied: ${applied.join(', ')}` : 'the database is up to date');
    } finally {
      await db.close();
    }
  });
