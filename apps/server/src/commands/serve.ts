import { Command } from 'commander';
import { CliError, config } from './support.js';

/** `openfind serve`: the web server (loaded only here), after migrating the database. */
export const serveCommand = new Command('serve')
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
    const { startServer } = await import('../server.js');
    await startServer(cfg, { seedDemoIfEmpty: opts.seedDemo ?? false });
  });
