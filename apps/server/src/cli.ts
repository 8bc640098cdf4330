#!/usr/bin/env node
import { Command } from 'commander';
import { ZodError } from 'zod';
import { ConfigError } from './config.js';
import { DataDirBusyError } from './db/data-dir-lock.js';
import { ReservedMappingPathError } from './modules/tenants/tenant-service.js';
import { ReaderInputError } from './modules/readers/reader-service.js';
import { VERSION } from './version.js';
import { circCommand } from './commands/circ.js';
import { collectionsCommand } from './commands/collections.js';
import { configCommand } from './commands/config.js';
import { coursesCommand } from './commands/courses.js';
import { eresourcesCommand } from './commands/eresources.js';
import { importCommand } from './commands/import.js';
import { journalsCommand } from './commands/journals.js';
import { migrateCommand } from './commands/migrate.js';
import { readerCommand } from './commands/reader.js';
import { remindersCommand } from './commands/reminders.js';
import { subscriptionsCommand } from './commands/subscriptions.js';
import { departmentsCommand, researchersCommand } from './commands/subjects.js';
import { seedCommand } from './commands/seed.js';
import { serveCommand } from './commands/serve.js';
import { staffCommand } from './commands/staff.js';
import { CliError } from './commands/support.js';
import { tenantCommand } from './commands/tenant.js';

// The `openfind` command: the program and its error report; each command is in commands/<name>.ts.
// A command loads the modules it needs (the web server, the import, the services) when it runs:
// loading them all took over a second before any command could start.

const program = new Command()
  .name('openfind')
  .description('OpenFind library discovery portal: server and administration')
  .version(VERSION)
  .addCommand(serveCommand)
  .addCommand(migrateCommand)
  .addCommand(seedCommand)
  .addCommand(importCommand)
  .addCommand(tenantCommand)
  .addCommand(configCommand)
  .addCommand(readerCommand)
  .addCommand(circCommand)
  .addCommand(staffCommand)
  .addCommand(remindersCommand)
  .addCommand(subscriptionsCommand)
  .addCommand(coursesCommand)
  .addCommand(departmentsCommand)
  .addCommand(researchersCommand)
  .addCommand(eresourcesCommand)
  .addCommand(journalsCommand)
  .addCommand(collectionsCommand);

program.parseAsync().catch((err: unknown) => {
  if (
    err instanceof CliError ||
    err instanceof ConfigError ||
    err instanceof DataDirBusyError ||
    err instanceof ReservedMappingPathError ||
    err instanceof ReaderInputError
  ) {
    console.error(`openfind: ${err.message}`);
  } else if (err instanceof ZodError) {
    console.error(
      `openfind: invalid value:\n${err.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  } else {
    console.error('openfind: unexpected error:', err);
  }
  process.exit(1);
});
