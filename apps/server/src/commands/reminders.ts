import { Command, Option } from 'commander';
import type { Services } from '../services.js';
import type { Db } from '../db/database.js';
import { briefConfig, CliError, findTenant, parseAssignments, tenantOption, withDatabase } from './support.js';

/**
 * `openfind reminders`: the due-date reminders by hand — run them now, see what the runs did, set an
 * institution's days. The server runs them on its own every day (README, "Jobs that run on their own").
 */
export const remindersCommand = new Command('reminders').description(
  'due-date reminders: run them now, list the last runs, an institution’s settings',
);

/**
 * The services with the environment's mail server (SMTP_URL, MAIL_FROM) and the schedule's time zone,
 * and the job's log lines on stderr (warnings only, unless LOG_LEVEL says otherwise).
 */
async function withReminders<T>(fn: (s: Services, db: Db) => Promise<T>): Promise<T> {
  const cfg = briefConfig();
  const { createServices } = await import('../services.js');
  const { pino } = await import('pino');
  return withDatabase(async (db) => {
    const s = createServices(db, { configCacheMs: 0, auth: cfg.auth, reminders: cfg.reminders });
    s.reminderJob.log = pino({ level: process.env.LOG_LEVEL ? cfg.logLevel : 'warn' }, pino.destination(2));
    return fn(s, db);
  }, cfg);
}

const where = (mappingPath: string) => mappingPath || 'default';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

remindersCommand
  .command('run')
  .description(
    'send the reminders now: loans due within the days set, and overdue ones, one message per reader (inbox, and ' +
      'e-mail when SMTP_URL is set); nothing is sent twice',
  )
  .addOption(new Option('--tenant <selector>', 'only this institution (mapping path, group code or "default")'))
  .option('--dry-run', 'say what would be sent, send and record nothing')
  .action(async (o: { tenant?: string; dryRun?: boolean }) => {
    await withReminders(async (s) => {
      const tenantId = o.tenant === undefined ? undefined : (await findTenant(s, o.tenant)).id;
      const report = await s.reminderJob.run({ trigger: 'cli', tenantId, dryRun: o.dryRun ?? false });
      if (report.status === 'busy') {
        throw new CliError(
          `another process is running the reminders (${report.busy?.holder}, until ${report.busy?.until.toISOString()})`,
        );
      }
      console.log(
        report.status === 'dry-run'
          ? `reminders for ${report.runDay}: dry run, nothing sent or recorded`
          : `reminders for ${report.runDay} (run ${report.runId}): ${report.status}`,
      );
      for (const i of report.institutions) {
        const head = `  ${i.name} (${where(i.mappingPath)}):`;
        if (i.skipped === 'disabled') console.log(`${head} skipped, reminders turned off`);
        else if (i.skipped === 'sip2') console.log(`${head} skipped, its loans are in the library's own system (SIP2)`);
        else if (i.plans) {
          console.log(`${head} ${plural(i.plans.length, 'reader')} would be reminded`);
          for (const p of i.plans) {
            const how = [p.inbox && 'inbox', p.mail && 'e-mail'].filter(Boolean).join(' + ');
            const loans = p.loans
              .map((l) => `《${l.title}》 due ${l.dueDate}${l.daysLate > 0 ? `, ${l.daysLate} days overdue` : ''}`)
              .join('; ');
            console.log(`    ${p.cardNo || p.readerId} ${p.readerName} (${how}): ${loans}`);
          }
        } else {
          console.log(
            `${head} ${plural(i.readers, 'reader')}, ${plural(i.messages, 'inbox message')}, ` +
              `${plural(i.mailsSent, 'mail')} sent, ${plural(i.failures, 'failure')}` +
              (i.pendingMails ? `, ${i.pendingMails} to mail again at the next run` : '') +
              (i.givenUp ? `, ${i.givenUp} given up` : '') +
              (i.error ? ` — error: ${i.error}` : ''),
          );
        }
      }
      if (report.status === 'failed') {
        console.error(`openfind: the run did not finish everything: ${report.error ?? ''}`);
        process.exitCode = 1;
      }
    });
  });

remindersCommand
  .command('status')
  .description('list the last reminder runs: when, how each ended, readers, messages, mails, failures')
  .addOption(new Option('--tenant <selector>', 'only the runs that covered this institution, with its own counts'))
  .option('--limit <n>', 'how many runs', '10')
  .action(async (o: { tenant?: string; limit: string }) => {
    const limit = Number(o.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw new CliError('--limit takes a whole number from 1 to 1000');
    await withReminders(async (s) => {
      const tenant = o.tenant === undefined ? undefined : await findTenant(s, o.tenant);
      const runs = await s.reminderJob.recentRuns(limit, tenant?.id);
      if (!runs.length) {
        console.log('no reminder run yet');
        return;
      }
      for (const r of runs) {
        const took = r.finishedAt ? `${((r.finishedAt.getTime() - r.startedAt.getTime()) / 1000).toFixed(1)} s` : '-';
        console.log(
          `#${r.id} ${r.runDay} ${r.trigger} ${r.status} started ${r.startedAt.toISOString()} took ${took}: ` +
            `${plural(r.readers, 'reader')}, ${plural(r.messages, 'inbox message')}, ${plural(r.mailsSent, 'mail')} sent, ` +
            `${plural(r.failures, 'failure')} (${r.host})`,
        );
        const details = Array.isArray(r.details) ? (r.details as Array<Record<string, unknown>>) : [];
        for (const d of details.filter((d) => tenant === undefined || d.tenantId === tenant.id)) {
          const skipped = d.skipped ? ` skipped (${String(d.skipped)})` : '';
          console.log(
            `    ${where(String(d.mappingPath ?? ''))}:${skipped} readers ${Number(d.readers)}, messages ${Number(d.messages)}, ` +
              `mails ${Number(d.mailsSent)}, failures ${Number(d.failures)}` +
              (d.error ? `, error: ${String(d.error)}` : ''),
          );
        }
        if (r.error) console.log(`    ${r.error}`);
      }
    });
  });

remindersCommand
  .command('settings')
  .description(
    "print or set an institution's reminders: enabled=true|false, daysBefore=N (0–30, default 3), " +
      'overdueEvery=N (days between overdue reminders, 0 = once, default 7)',
  )
  .addOption(tenantOption)
  .argument('[assignments...]')
  .action(async (words: string[], o: { tenant: string }) => {
    const values = parseAssignments(words);
    const unknown = Object.keys(values).filter((k) => !['enabled', 'daysBefore', 'overdueEvery'].includes(k));
    if (unknown.length) throw new CliError(`unknown setting(s): ${unknown.join(', ')}`);
    const flag = (v: string | undefined) => {
      if (v === undefined) return undefined;
      if (['true', '1', 'on'].includes(v)) return true;
      if (['false', '0', 'off'].includes(v)) return false;
      throw new CliError(`enabled: true or false (not ${v})`);
    };
    const num = (v: string | undefined) => (v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : NaN);
    const { ReminderSettingError } = await import('../modules/reminders/reminder-service.js');
    await withReminders(async (s) => {
      const t = await findTenant(s, o.tenant);
      let settings;
      try {
        settings = words.length
          ? await s.reminders.setSettings(t.id, {
              enabled: flag(values.enabled),
              daysBefore: num(values.daysBefore),
              overdueEvery: num(values.overdueEvery),
            })
          : await s.reminders.settings(t.id);
      } catch (err) {
        if (err instanceof ReminderSettingError) throw new CliError(err.message);
        throw err;
      }
      const sip2 = await s.reminders.onLibrarySystem(t.id);
      console.log(
        `${t.name}: reminders ${settings.enabled ? 'on' : 'off'}, ${plural(settings.daysBefore, 'day')} before the due date, ` +
          (settings.overdueEvery ? `overdue every ${plural(settings.overdueEvery, 'day')}` : 'overdue once') +
          (sip2 ? " (its loans are in the library's own system over SIP2: OpenFind sends none)" : ''),
      );
    });
  });
