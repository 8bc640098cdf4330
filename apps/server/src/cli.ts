#!/usr/bin/env node
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Command, Option } from 'commander';
import type { CsvMapping } from '@openfind/marc';
import { ZodError } from 'zod';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { DataDirBusyError } from './db/data-dir-lock.js';
import { openConfiguredDatabase, prepareDatabase } from './db/setup.js';
import { Progress } from './lib/progress.js';
import {
  estimateRecords,
  shouldDeferIndexes,
  withDeferredIndexes,
  type DeferIndexes,
} from './modules/catalogue/import/deferred-indexes.js';
import {
  IMPORT_FORMATS,
  importWriters,
  POSTGRES_IMPORT_WRITERS,
  type ImportFormat,
} from './modules/catalogue/import/import-options.js';
import type { Services } from './services.js';
import { TenantDirectory } from './modules/tenants/tenant-directory.js';
import { createTenant, ReservedMappingPathError } from './modules/tenants/tenant-service.js';
import type { Tenant } from './modules/tenants/tenant-repository.js';
import { VERSION } from './version.js';
import { MenusInput, READER_STATUSES, SiteConfig, type ReaderStatus } from '@openfind/contract';
import {
  importReadersCsv,
  ReaderInputError,
  resetReaderPassword,
  saveReader,
} from './modules/readers/reader-service.js';
import { findReaderByLogin, setReaderStatus } from './modules/readers/reader-repository.js';
import { setTenantSecret } from './modules/auth/auth-repository.js';
import { EXTERNAL_JWT_KEY } from './modules/auth/sso-service.js';

// The modules of each command (the web server, the import, the services) are loaded by the command
// that needs them: loading them all took over a second before any command could start.

/** A failure the operator can act on: printed without a stack trace. */
class CliError extends Error {}

function config(): AppConfig {
  return loadConfig();
}

/** The embedded database's page cache for a short administrative command (see `briefConfig`). */
const BRIEF_PGLITE_SHARED_BUFFERS = '32MB';

/**
 * The configuration for a command that reads or writes a few rows (tenant, config, reader, migrate,
 * the demo institutions): unless the environment says otherwise, the embedded database opens with a
 * small page cache and in the command's own thread. Preparing the server's 512 MB cache alone takes
 * over a second at each start, and a thread of its own only pays while a server or an import keeps
 * both cores busy.
 */
function briefConfig(): AppConfig {
  const cfg = config();
  if (cfg.database.kind !== 'pglite') return cfg;
  return {
    ...cfg,
    database: {
      ...cfg.database,
      sharedBuffers: process.env.PGLITE_SHARED_BUFFERS ? cfg.database.sharedBuffers : BRIEF_PGLITE_SHARED_BUFFERS,
      thread: process.env.PGLITE_THREAD ? cfg.database.thread : false,
    },
  };
}

/** The embedded database's page cache for a load of up to `BULK_SMALL_RECORDS` records (see `bulkConfig`). */
const BULK_PGLITE_SHARED_BUFFERS = '128MB';
const BULK_SMALL_RECORDS = 300_000;

/**
 * The configuration for a command that writes about `records` records (seed, import): the server's
 * own, but the embedded database prepares a smaller page cache for a load that does not need the
 * server's, unless the environment sets one. Preparing 512 MB took 2.5 s at each start, a twentieth
 * of importing 100,000 records, and the import itself ran no slower with 128 MB (measured: 39.0–41.4
 * against 40.8–42.7 s in all, three runs each).
 */
function bulkConfig(records: number): AppConfig {
  const cfg = config();
  if (cfg.database.kind !== 'pglite' || process.env.PGLITE_SHARED_BUFFERS || records > BULK_SMALL_RECORDS) return cfg;
  return { ...cfg, database: { ...cfg.database, sharedBuffers: BULK_PGLITE_SHARED_BUFFERS } };
}

/**
 * Opens and prepares the database, runs `fn`, closes the database. `cfg` is the full configuration
 * for commands that move many records (seed, import), else `briefConfig()`.
 */
async function withDatabase<T>(fn: (db: Db) => Promise<T>, cfg = briefConfig()): Promise<T> {
  const db = await openConfiguredDatabase(cfg);
  try {
    await prepareDatabase(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** `withDatabase` with the services. */
async function withServices<T>(fn: (s: Services, db: Db) => Promise<T>, cfg = briefConfig()): Promise<T> {
  const { createServices } = await import('./services.js');
  return withDatabase((db) => fn(createServices(db, { configCacheMs: 0 }), db), cfg);
}

async function findTenant(s: Pick<Services, 'tenants'>, selector: string): Promise<Tenant> {
  const t = await s.tenants.find(selector);
  if (!t) throw new CliError(`no institution "${selector}" (give its mapping path, group code, or "default")`);
  return t;
}

/** Parses `key=value` words into an object. */
function parseAssignments(words: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const w of words) {
    const i = w.indexOf('=');
    if (i <= 0) throw new CliError(`expected key=value, got "${w}"`);
    out[w.slice(0, i)] = w.slice(i + 1);
  }
  return out;
}

const program = new Command()
  .name('openfind')
  .description('OpenFind library discovery portal: server and administration')
  .version(VERSION);

program
  .command('serve')
  .description('start the web server (migrates the database first)')
  .option('--port <port>', 'port to listen on (default: PORT or 3000)')
  .option('--host <host>', 'address to listen on (default: HOST or 127.0.0.1)')
  .option('--seed-demo', 'seed the demo institutions when the database has none')
  .option('--workers <n>', 'server processes sharing the port, PostgreSQL only (default: WORKERS or 1)')
  .action(async (opts: { port?: string; host?: string; seedDemo?: boolean; workers?: string }) => {
    const cfg = config();
    if (opts.port) cfg.port = Number(opts.port);
    if (opts.host) cfg.host = opts.host;
    if (opts.workers !== undefined) {
      const n = Number(opts.workers);
      if (!Number.isInteger(n) || n < 1 || n > 64) throw new CliError('--workers must be a whole number from 1 to 64');
      if (n > 1 && cfg.database.kind !== 'postgres') {
        throw new CliError('--workers above 1 needs DATABASE_URL (the embedded database belongs to one process)');
      }
      cfg.workers = n;
    }
    const { startServer } = await import('./server.js');
    await startServer(cfg, { seedDemoIfEmpty: opts.seedDemo ?? false });
  });

program
  .command('migrate')
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

/** `--defer-indexes`, shared by the commands that write many records. */
function deferIndexesOption(doing: string): Option {
  return new Option(
    '--defer-indexes <when>',
    `drop the full-text and class-number indexes while ${doing} and build them at the end (auto: large loads into the embedded database)`,
  )
    .choices(['auto', 'always', 'never'])
    .default('auto');
}

program
  .command('seed')
  .description('load demo data')
  .requiredOption('--demo', 'the demo institutions with their libraries, locations and catalogues')
  .option('--records <n>', 'generate N demo catalogue records for --tenant (re-running updates, never duplicates)')
  .addOption(new Option('--tenant <selector>', 'institution for --records').default('default'))
  .addOption(deferIndexesOption('generating'))
  .action(async (o: { records?: string; tenant: string; deferIndexes: DeferIndexes }) => {
    const { seedDemo } = await import('./seed/demo.js');
    const { seedDemoCatalogue } = await import('./seed/demo-catalogue.js');
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

program
  .command('import')
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
  .action(
    async (
      files: string[],
      o: {
        tenant: string;
        format: ImportFormat;
        mapping?: string;
        rejectDir?: string;
        batchSize: string;
        writers: string;
        deferIndexes: DeferIndexes;
      },
    ) => {
      const batchSize = Number(o.batchSize);
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5000) {
        throw new CliError('--batch-size takes a whole number from 1 to 5000');
      }
      const writers = Number(o.writers);
      if (!Number.isInteger(writers) || writers < 1 || writers > 8) {
        throw new CliError('--writers takes a whole number from 1 to 8');
      }
      for (const f of files) if (!existsSync(f)) throw new CliError(`no such file: ${f}`);
      let csvMapping: CsvMapping | undefined;
      if (o.mapping) {
        const { parseCsvMapping } = await import('@openfind/marc');
        let parsed: CsvMapping | string;
        try {
          parsed = parseCsvMapping(JSON.parse(readFileSync(o.mapping, 'utf8')));
        } catch (err) {
          throw new CliError(`cannot use the mapping ${o.mapping}: ${(err as Error).message}`);
        }
        if (typeof parsed === 'string') throw new CliError(`cannot use the mapping ${o.mapping}: ${parsed}`);
        csvMapping = parsed;
      }
      const { importFile, readsInOwnThread, startImportThreads, stopImportThreads } =
        await import('./modules/catalogue/import/import-file.js');
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
    },
  );

const tenant = program.command('tenant').description('institutions (tenants)');
tenant
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
tenant
  .command('list')
  .description('list institutions')
  .action(async () => {
    await withServices(async (s) => {
      for (const t of await s.tenants.list()) {
        console.log(`${t.groupCode}\t/${t.mappingPath}\t${t.name}`);
      }
    });
  });

const tenantOption = new Option('--tenant <selector>', 'mapping path, group code or "default"').default('default');
const configCmd = program.command('config').description('site configuration, institution parameters and menus');
configCmd
  .command('get')
  .description('print the site configuration (or one key) of an institution')
  .addOption(tenantOption)
  .argument('[key]')
  .action(async (key: string | undefined, o: { tenant: string }) => {
    await withServices(async (s) => {
      const t = await findTenant(s, o.tenant);
      const { config: c, params } = await s.siteConfig.settings(t.id);
      const all: Record<string, unknown> = { ...c, ...params };
      if (key === undefined) console.log(JSON.stringify(all, null, 2));
      else if (key in all) console.log(String(all[key]));
      else throw new CliError(`unknown key "${key}"`);
    });
  });
configCmd
  .command('set')
  .description('set site configuration keys or institution parameters: key=value ...')
  .addOption(tenantOption)
  .argument('<assignments...>')
  .action(async (words: string[], o: { tenant: string }) => {
    const values = parseAssignments(words);
    const paramKeys = new Set(['newAISearchFlag', 'version']);
    const params = Object.fromEntries(Object.entries(values).filter(([k]) => paramKeys.has(k)));
    const site = Object.fromEntries(Object.entries(values).filter(([k]) => !paramKeys.has(k)));
    const unknown = Object.keys(site).filter((k) => !(k in SiteConfig.shape));
    if (unknown.length) throw new CliError(`unknown key(s): ${unknown.join(', ')}`);
    await withServices(async (s) => {
      const t = await findTenant(s, o.tenant);
      if (Object.keys(site).length) await s.siteConfig.updateConfig(t.id, site);
      if (Object.keys(params).length) await s.siteConfig.updateParams(t.id, params);
      console.log(`updated ${Object.keys(values).join(', ')} for ${t.name}`);
    });
  });
configCmd
  .command('reset')
  .description('reset site configuration keys to their defaults')
  .addOption(tenantOption)
  .argument('<keys...>')
  .action(async (keys: string[], o: { tenant: string }) => {
    await withServices(async (s) => {
      const t = await findTenant(s, o.tenant);
      await s.siteConfig.resetConfig(t.id, keys);
      console.log(`reset ${keys.join(', ')} for ${t.name}`);
    });
  });
configCmd
  .command('menus')
  .description('print the menus, or replace them from a JSON file {menuA, menuB, menuC}')
  .addOption(tenantOption)
  .option('--set <file>', 'JSON file with the menus to store')
  .action(async (o: { tenant: string; set?: string }) => {
    await withServices(async (s) => {
      const t = await findTenant(s, o.tenant);
      if (o.set) {
        let json: unknown;
        try {
          json = JSON.parse(readFileSync(o.set, 'utf8'));
        } catch (err) {
          throw new CliError(`cannot read ${o.set}: ${(err as Error).message}`);
        }
        await s.siteConfig.replaceMenus(t.id, MenusInput.parse(json));
        console.log(`menus replaced for ${t.name}`);
      } else {
        console.log(JSON.stringify((await s.siteConfig.settings(t.id)).menus, null, 2));
      }
    });
  });
configCmd
  .command('secret')
  .description(`set institution secrets, never sent to clients: ${EXTERNAL_JWT_KEY}=<key> (the external-JWT entry)`)
  .addOption(tenantOption)
  .argument('<assignments...>')
  .action(async (words: string[], o: { tenant: string }) => {
    const values = parseAssignments(words);
    const unknown = Object.keys(values).filter((k) => k !== EXTERNAL_JWT_KEY);
    if (unknown.length) throw new CliError(`unknown secret(s): ${unknown.join(', ')}`);
    const key = values[EXTERNAL_JWT_KEY];
    if (key !== undefined && Buffer.byteLength(key) < 32) throw new CliError(`${EXTERNAL_JWT_KEY}: at least 32 bytes`);
    await withServices(async (s, db) => {
      const t = await findTenant(s, o.tenant);
      for (const [name, value] of Object.entries(values)) await setTenantSecret(db.kysely, t.id, name, value);
      console.log(`set ${Object.keys(values).join(', ')} for ${t.name}`);
    });
  });

const readerCmd = program.command('reader').description('readers (patrons) and their passwords');
readerCmd
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
        const exists = await findReaderByLogin(db.kysely, t.id, o.account);
        if (!exists && password === undefined) throw new CliError('a new reader needs --password');
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
readerCmd
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
readerCmd
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
readerCmd
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
      const reader = await findReaderByLogin(db.kysely, t.id, account);
      if (!reader) throw new CliError(`no reader "${account}" in ${t.name}`);
      await setReaderStatus(db.kysely, t.id, reader.id, status as ReaderStatus);
      console.log(`${account}: ${status}`);
    });
  });

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
