import type { AppConfig } from './config.js';
import { hasWebBuild } from './config.js';
import { createRunningApp } from './lifecycle.js';

const SHUTDOWN_GRACE_MS = 10_000;

/** Starts the HTTP server and shuts it down gracefully on SIGINT / SIGTERM. */
export async function startServer(config: AppConfig, opts: { seedDemoIfEmpty?: boolean } = {}): Promise<void> {
  const { app, services } = await createRunningApp(config, opts);
  const tenants = await services.tenants.list();
  if (tenants.length === 0) {
    app.log.warn('no institution is configured: run `openfind seed --demo` or `openfind tenant add`');
  }
  if (!hasWebBuild(config)) app.log.warn(`no web build in ${config.webDist}: run \`npm run build\``);

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
  process.stdout.write(
    `\nOpenFind is ready at ${url}\n` +
      tenants
        .filter((t) => t.mappingPath)
        .map((t) => `  ${t.name}: ${url}${t.mappingPath}/Home\n`)
        .join('') +
      `  API documentation: ${url}api/docs\n\n`,
  );
}
