import { existsSync, readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { READER_STATUSES, type ReaderStatus } from '@openfind/contract';
import {
  importReadersCsv,
  readerExists,
  resetReaderPassword,
  saveReader,
  setReaderStatusOf,
} from '../modules/readers/reader-service.js';
import { CliError, findTenant, tenantOption, withServices } from './support.js';

/** `openfind reader`: add, import and update readers, their passwords and status. */
export const readerCommand = new Command('reader').description('readers (patrons) and their passwords');

readerCommand
  .command('add')
  .description('add a reader, or update the reader with this account (the password is stored as an argon2id hash)')
  .addOption(tenantOption)
  .requiredOption('--account <account>', 'what the reader logs in with (usually the card number)')
  .option('--password <password>', 'password (else OPENFIND_READER_PASSWORD); required for a new reader')
  .option('--must-change', 'an initial password the reader must change at the first login')
  .option('--card-no <cardNo>', 'card number (also accepted at login)')
  .option('--name <name>', 'name')
  .option('--lib-code <libCode>', 'library code')
  .option('--email <email>', 'e-mail address (stored as verified)')
  .option('--phone <phone>', 'mobile number (stored as verified)')
  .addOption(new Option('--status <status>', 'account status').choices([...READER_STATUSES]))
  .option('--department <department>', 'department')
  .option('--reader-type <type>', 'reader type (undergraduate, staff, ...)')
  .option('--valid-from <date>', 'YYYY-MM-DD')
  .option('--valid-until <date>', 'YYYY-MM-DD')
  .action(
    async (o: {
      tenant: string;
      account: string;
      password?: string;
      mustChange?: boolean;
      cardNo?: string;
      name?: string;
      libCode?: string;
      email?: string;
      phone?: string;
      status?: ReaderStatus;
      department?: string;
      readerType?: string;
      validFrom?: string;
      validUntil?: string;
    }) => {
      const password = o.password ?? (process.env.OPENFIND_READER_PASSWORD || undefined);
      await withServices(async (s, db) => {
        const t = await findTenant(s, o.tenant);
        const rule = (await s.siteConfig.settings(t.id)).config.passwordCheck;
        if (password === undefined && !(await readerExists(db.kysely, t.id, o.account))) {
          throw new CliError('a new reader needs --password');
        }
        const r = await saveReader(
          db.kysely,
          t.id,
          {
            account: o.account,
            cardNo: o.cardNo,
            name: o.name,
            libCode: o.libCode,
            email: o.email,
            emailVerified: o.email ? true : undefined,
            phone: o.phone,
            phoneVerified: o.phone ? true : undefined,
            status: o.status,
            department: o.department,
            readerType: o.readerType,
            validFrom: o.validFrom,
            validUntil: o.validUntil,
            mustChangePassword: password === undefined ? undefined : (o.mustChange ?? false),
          },
          password,
          rule,
        );
        console.log(`${r.created ? 'added' : 'updated'} reader ${o.account} (${r.id}) of ${t.name}`);
      });
    },
  );

readerCommand
  .command('import')
  .description(
    'add or update readers from a CSV/TSV file with a header row: account,password,name,cardNo,libCode,email,phone,status,department,readerType,validFrom,validUntil',
  )
  .argument('<file>')
  .addOption(tenantOption)
  .option('--no-must-change', 'passwords in the file are final (default: initial, changed at the first login)')
  .action(async (file: string, o: { tenant: string; mustChange: boolean }) => {
    if (!existsSync(file)) throw new CliError(`no such file: ${file}`);
    await withServices(async (s, db) => {
      const t = await findTenant(s, o.tenant);
      const rule = (await s.siteConfig.settings(t.id)).config.passwordCheck;
      const r = await importReadersCsv(db.kysely, t.id, readFileSync(file, 'utf8'), { rule, mustChange: o.mustChange });
      for (const x of r.rejected) console.error(`${file}:${x.line}: ${x.reason}`);
      console.log(`${file}: created ${r.created}, updated ${r.updated}, rejected ${r.rejected.length}`);
      if (r.rejected.length) process.exitCode = 1;
    });
  });

readerCommand
  .command('passwd')
  .description("set a reader's password (ends the reader's sessions)")
  .argument('<account>')
  .addOption(tenantOption)
  .option('--password <password>', 'the new password (else OPENFIND_READER_PASSWORD)')
  .option('--must-change', 'the reader must change it at the next login')
  .action(async (account: string, o: { tenant: string; password?: string; mustChange?: boolean }) => {
    const password = o.password ?? process.env.OPENFIND_READER_PASSWORD;
    if (!password) throw new CliError('give --password or set OPENFIND_READER_PASSWORD');
    await withServices(async (s, db) => {
      const t = await findTenant(s, o.tenant);
      const rule = (await s.siteConfig.settings(t.id)).config.passwordCheck;
      await resetReaderPassword(db.kysely, t.id, account, password, rule, o.mustChange ?? false);
      console.log(`password of ${account} set; its sessions have ended`);
    });
  });

readerCommand
  .command('status')
  .description("set a reader's status: normal, lost or frozen (a change ends the reader's sessions)")
  .argument('<account>')
  .argument('<status>')
  .addOption(tenantOption)
  .action(async (account: string, status: string, o: { tenant: string }) => {
    if (!(READER_STATUSES as readonly string[]).includes(status)) {
      throw new CliError(`status: one of ${READER_STATUSES.join(', ')}`);
    }
    await withServices(async (s, db) => {
      const t = await findTenant(s, o.tenant);
      if (!(await setReaderStatusOf(db.kysely, t.id, account, status as ReaderStatus))) {
        throw new CliError(`no reader "${account}" in ${t.name}`);
      }
      console.log(`${account}: ${status}`);
    });
  });
