import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config.js';
import { hasWebBuild } from './config.js';
import { openConfiguredDatabase, prepareDatabase } from './db/setup.js';
import { createRunningApp } from './lifecycle.js';
import { TenantDirectory } from './modules/tenants/tenant-directory.js';
import type { Tenant } from './modules/tenants/tenant-repository.js';
import { seedDemo } from './seed/demo.js';

const SHUTDOWN_GRACE_MS = 10_000;
/** A server process that exits by itself is started again after this pause. */
const RESTART_DELAY_MS = 1000;

/** What a server process tells the primary of a cluster, and what the primary tells them. */
type ClusterMessage =
  { type: 'openfind:listening'; url: string } | { type: 'openfind:search-warm' } | { type: 'openfind:all-warm' };

const isClusterMessage = (m: unknown): m is ClusterMessage =>
  typeof m === 'object' && m !== null && String((m as { type?: unknown }).type).startsWith('openfind:');

/** The lines that tell an operator where the portal is. */
function readyBanner(url: string, tenants: Tenant[], workers: number): string {
  return (
    `\nOpenFind is ready at ${url}${workers > 1 ? ` (${workers} server processes)` : ''}\n` +
    tenants
      .filter((t) => t.mappingPath)
      .map((t) => `  ${t.name}: ${url}${t.mappingPath}/Home\n`)
      .join('') +
    `  API documentation: ${url}api/docs\n\n`
  );
}

/**
 * Starts the HTTP server and shuts it down gracefully on SIGINT / SIGTERM. With `workers` above
 * one (a PostgreSQL server only), this process becomes the primary of a cluster: it migrates and
 * seeds once, then starts that many server processes sharing the port, and starts again any that
 * exits by itself. Each keeps its own caches and indexes in memory, built from the database.
 */
export async function startServer(config: AppConfig, opts: { seedDemoIfEmpty?: boolean } = {}): Promise<void> {
  if (config.workers > 1 && cluster.isPrimary) return startPrimary(config, opts);
  const inCluster = cluster.isWorker;
  const { app, services, reminders, subscriptions } = await createRunningApp(config, inCluster ? {} : opts);
  const tenants = await services.tenants.list();
  if (tenants.length === 0) {
    app.log.warn('no institution is configured: run `openfind seed --demo` or `openfind tenant add`');
  }
  if (!hasWebBuild(config)) app.log.warn(`no web build in ${config.webDist}: run \`npm run build\``);
  if (inCluster) {
    // Search is ready when every process of the cluster is (a load balancer may send a search to any).
    services.search.peersWarm = false;
    process.on('message', (m: unknown) => {
      if (isClusterMessage(m) && m.type === 'openfind:all-warm') services.search.peersWarm = true;
    });
    services.search.onWarm(() => process.send?.({ type: 'openfind:search-warm' } satisfies ClusterMessage));
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${(app.server.address() as { port: number }).port}/`;
  app.log.info({ url, database: config.database.kind }, 'OpenFind is ready');
  // The daily due-date reminders: every process looks, the job's lease lets one of them run it.
  reminders?.start();
  // The subscription digests, on the same schedule.
  subscriptions?.start();
  // Document-delivery requests the service did not take yet: each process tries the due ones every minute.
  services.docDelivery.startRetries(app.log);
  if (inCluster) process.send?.({ type: 'openfind:listening', url } satisfies ClusterMessage);
  else process.stdout.write(readyBanner(url, tenants, 1));
}

/** The primary of a cluster: prepares the database once, then starts and watches the server processes. */
async function startPrimary(config: AppConfig, opts: { seedDemoIfEmpty?: boolean }): Promise<void> {
  const db = await openConfiguredDatabase(config);
  let tenants: Tenant[];
  try {
    await prepareDatabase(db);
    const directory = new TenantDirectory(db.kysely, 0);
    if (opts.seedDemoIfEmpty && (await directory.list()).length === 0) await seedDemo(db.kysely);
    tenants = await directory.list();
  } finally {
    await db.close();
  }

  let closing = false;
  let announced = false;
  const listening = new Set<number>();
  const warm = new Set<number>();
  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
  const tellWarm = () => {
    // Every process started so far is warm: each is told (a restarted one as soon as it is).
    if (warm.size >= config.workers)
      for (const w of live()) w.send({ type: 'openfind:all-warm' } satisfies ClusterMessage);
  };
  const start = () => {
    const worker = cluster.fork();
    worker.on('message', (m: unknown) => {
      if (!isClusterMessage(m)) return;
      if (m.type === 'openfind:listening') {
        listening.add(worker.id);
        if (!announced && listening.size >= config.workers) {
          announced = true;
          process.stdout.write(readyBanner(m.url, tenants, config.workers));
        }
      } else if (m.type === 'openfind:search-warm') {
        warm.add(worker.id);
        tellWarm();
      }
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    warm.delete(worker.id);
    if (closing) {
      if (!live().length) process.exit(0);
      return;
    }
    process.stderr.write(`server process ${worker.process.pid} exited (${signal ?? code}); starting another\n`);
    setTimeout(start, RESTART_DELAY_MS);
  });
  const shutdown = () => {
    if (closing) return;
    closing = true;
    for (const w of live()) w.process.kill('SIGTERM');
    if (!live().length) process.exit(0);
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 5000).unref();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  for (let i = 0; i < config.workers; i++) start();
}
