import { userInfo } from 'node:os';
import { Command, Option } from 'commander';
import { STAFF_ROLES, type StaffRole } from '@openfind/contract';
import type { Services } from '../services.js';
import { CliError, findTenant, withServices } from './support.js';

/**
 * `openfind staff`: the staff accounts of the staff console (the desk's HTTP calls use them; issue 28
 * gives them screens): add, list, remove, set a password, disable and enable. An institution's
 * accounts with `--tenant`; the installation's operators without it (`--role operator`). Each change
 * is written to the audit log as done from the command line.
 */
export const staffCommand = new Command('staff').description('staff accounts of the staff console (not readers)');

const tenantOption = () =>
  new Option('--tenant <selector>', 'the institution (mapping path, group code or "default"); none: an operator');
const usernameOption = () => new Option('--username <username>', 'what the account logs in with').makeOptionMandatory();

/** Who ran the command, as the audit log names them. */
function actor(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

/** The password of `--password`, else OPENFIND_STAFF_PASSWORD. */
function passwordOf(given: string | undefined): string {
  const password = given ?? (process.env.OPENFIND_STAFF_PASSWORD || undefined);
  if (password === undefined) throw new CliError('give --password, or set OPENFIND_STAFF_PASSWORD');
  return password;
}

/** Runs `fn` with the services and the institution's id (null without --tenant); input errors are printed as such. */
async function staffRun(tenant: string | undefined, fn: (s: Services, tenantId: number | null) => Promise<void>) {
  const { StaffInputError } = await import('../modules/staff/staff-service.js');
  try {
    await withServices(async (s) => fn(s, tenant === undefined ? null : (await findTenant(s, tenant)).id));
  } catch (err) {
    if (err instanceof StaffInputError) throw new CliError(err.message);
    throw err;
  }
}

const where = (tenant: string | undefined) => (tenant === undefined ? 'the installation' : tenant);

staffCommand
  .command('add')
  .description('add a staff account (the password is stored as an argon2id hash)')
  .addOption(tenantOption())
  .addOption(usernameOption())
  .addOption(
    new Option('--role <role>', 'staff (the desk), admin, or operator (no --tenant)')
      .choices([...STAFF_ROLES])
      .default('staff'),
  )
  .option('--name <name>', 'the name shown (and written on desk payments)', '')
  .option('--libraries <codes>', 'staff only: the library codes the account works for, comma-separated (default: all)')
  .option(
    '--password <password>',
    'password (else OPENFIND_STAFF_PASSWORD): 8+ characters, three of upper, lower, digits, others',
  )
  .action(
    async (o: {
      tenant?: string;
      username: string;
      role: StaffRole;
      name: string;
      libraries?: string;
      password?: string;
    }) => {
      const password = passwordOf(o.password);
      await staffRun(o.tenant, async (s, tenantId) => {
        const id = await s.staff.add(
          {
            tenantId,
            username: o.username,
            name: o.name,
            role: o.role,
            libCodes: o.libraries ? o.libraries.split(',') : [],
            password,
          },
          actor(),
        );
        console.log(`added ${o.role} ${o.username} (${id}) of ${where(o.tenant)}`);
      });
    },
  );

staffCommand
  .command('list')
  .description("list an institution's staff accounts, or the operators (without --tenant)")
  .addOption(tenantOption())
  .addOption(new Option('--role <role>', 'only accounts of this role').choices([...STAFF_ROLES]))
  .action(async (o: { tenant?: string; role?: StaffRole }) => {
    await staffRun(o.tenant, async (s, tenantId) => {
      const accounts = await s.staff.list(tenantId, o.role);
      if (!accounts.length) console.log(`no staff accounts in ${where(o.tenant)}`);
      for (const a of accounts) {
        const libraries = a.libCodes.length ? a.libCodes.join(',') : 'all libraries';
        const state = [a.disabled && 'disabled', a.lockedSeconds > 0 && 'locked'].filter(Boolean).join(', ');
        console.log(
          `${a.username}\t${a.role}\t${a.name || '-'}\t${a.role === 'staff' ? libraries : '-'}${state ? `\t${state}` : ''}`,
        );
      }
    });
  });

staffCommand
  .command('remove')
  .description('remove a staff account (its sessions end; the audit log keeps its rows)')
  .addOption(tenantOption())
  .addOption(usernameOption())
  .action(async (o: { tenant?: string; username: string }) => {
    await staffRun(o.tenant, async (s, tenantId) => {
      await s.staff.remove(tenantId, o.username, actor());
      console.log(`removed ${o.username} of ${where(o.tenant)}`);
    });
  });

staffCommand
  .command('passwd')
  .description("set a staff account's password (its sessions end, a lock after failed logins is lifted)")
  .addOption(tenantOption())
  .addOption(usernameOption())
  .option('--password <password>', 'the new password (else OPENFIND_STAFF_PASSWORD)')
  .action(async (o: { tenant?: string; username: string; password?: string }) => {
    const password = passwordOf(o.password);
    await staffRun(o.tenant, async (s, tenantId) => {
      await s.staff.setPassword(tenantId, o.username, password, actor());
      console.log(`password of ${o.username} of ${where(o.tenant)} changed; its sessions are ended`);
    });
  });

for (const [name, disabled] of [
  ['disable', true],
  ['enable', false],
] as const) {
  staffCommand
    .command(name)
    .description(disabled ? 'disable a staff account (its sessions end at once)' : 'enable a disabled staff account')
    .addOption(tenantOption())
    .addOption(usernameOption())
    .action(async (o: { tenant?: string; username: string }) => {
      await staffRun(o.tenant, async (s, tenantId) => {
        await s.staff.setDisabled(tenantId, o.username, disabled, actor());
        console.log(`${name}d ${o.username} of ${where(o.tenant)}`);
      });
    });
}
