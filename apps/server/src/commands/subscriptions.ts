import { Command, Option } from 'commander';
import type { Services } from '../services.js';
import { briefConfig, CliError, findTenant, withDatabase } from './support.js';

/**
 * `openfind subscriptions`: the subscription digests by hand — run them now, see what the runs did.
 * The server runs them on its own every day with the reminders (README, "Jobs that run on their own").
 */
export const subscriptionsCommand = new Command('subscriptions').description(
  'subscription digests: run them now, list the last runs',
);

async function withJob<T>(fn: (s: Services) => Promise<T>): Promise<T> {
  const cfg = briefConfig();
  const { createServices } = await import('../services.js');
  const { pino } = await import('pino');
  return withDatabase(async (db) => {
    const s = createServices(db, { configCacheMs: 0, auth: cfg.auth, reminders: cfg.reminders });
    s.subscriptionJob.log = pino({ level: process.env.LOG_LEVEL ? cfg.logLevel : 'warn' }, pino.destination(2));
    return fn(s);
  }, cfg);
}

const where = (mappingPath: string) => mappingPath || 'default';

subscriptionsCommand
  .command('run')
  .description(
    'send the digests due now: the records added since each subscription’s last digest, one inbox message and ' +
      'one mail (when SMTP_URL is set) per reader; a failed mail is sent again by the next run',
  )
  .addOption(new Option('--tenant <selector>', 'only this institution (mapping path, group code or "default")'))
  .action(async (o: { tenant?: string }) => {
    await withJob(async (s) => {
      const tenantId = o.tenant === undefined ? undefined : (await findTenant(s, o.tenant)).id;
      const report = await s.subscriptionJob.run({ trigger: 'cli', tenantId });
      if (report.status === 'busy')
        throw new CliError(
          `another process is running the digests (${report.busy?.holder}, until ${report.busy?.until.toISOString()})`,
        );
      console.log(
        `subscriptions (run ${report.runId}): ${report.status} in ${(report.ms / 1000).toFixed(1)} s, records up to ${report.cutoff}`,
      );
      for (const i of report.institutions)
        console.log(
          `  ${i.name} (${where(i.mappingPath)}): ${i.subscriptions} due, ${i.searches} searches, ${i.readers} readers, ` +
            `${i.messages} inbox messages, ${i.mailsSent} mails, ${i.failures} failures` +
            (i.error ? ` — error: ${i.error}` : ''),
        );
      if (report.status === 'failed') {
        console.error(`openfind: the run did not finish everything: ${report.error ?? ''}`);
        process.exitCode = 1;
      }
    });
  });

subscriptionsCommand
  .command('status')
  .description('list the last digest runs: when, how each ended, readers, messages, mails, failures')
  .option('--limit <n>', 'how many runs', '10')
  .action(async (o: { limit: string }) => {
    const limit = Number(o.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw new CliError('--limit takes a whole number from 1 to 1000');
    await withJob(async (s) => {
      const runs = await s.subscriptionJob.recentRuns(limit);
      if (!runs.length) return console.log('no subscription run yet');
      for (const r of runs) {
        const took = r.finishedAt ? `${((r.finishedAt.getTime() - r.startedAt.getTime()) / 1000).toFixed(1)} s` : '-';
        console.log(
          `#${r.id} ${r.runDay} ${r.trigger} ${r.status} started ${r.startedAt.toISOString()} took ${took}: ` +
            `${r.readers} readers, ${r.messages} inbox messages, ${r.mailsSent} mails, ${r.failures} failures (${r.host})` +
            (r.error ? `\n    ${r.error}` : ''),
        );
      }
    });
  });
