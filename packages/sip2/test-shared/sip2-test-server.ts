import { execFile, execFileSync } from 'node:child_process';
import net from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// The real SIP2 server of ../shared/tools/sip2-server (Evergreen's SIPServer with its sample
// in-memory ILS), started on a free port for this file. Every start begins from the same data.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const startScript = resolve(repoRoot, '..', 'shared', 'tools', 'sip2-server', 'start.sh');
const run = promisify(execFile);

/**
 * start.sh installs the Perl modules it checks for, but SIPServer.pm also loads Cache::Memcached,
 * which it does not check: `.ci/run` installs it (Debian's libcache-memcached-perl); say so when missing.
 */
export function ensureCacheMemcached(): void {
  try {
    execFileSync('perl', ['-MCache::Memcached', '-e1'], { stdio: 'ignore' });
  } catch {
    throw new Error('the SIP2 test server needs Perl Cache::Memcached: apt-get install -y libcache-memcached-perl');
  }
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** Starts the server; resolves with its process group id. */
export async function startServer(port: number): Promise<number> {
  const { stdout } = await run('bash', [startScript, String(port)], { timeout: 110_000 });
  const pid = /SIP2 server ready on 127\.0\.0\.1:\d+ pid (\d+)/.exec(stdout)?.[1];
  if (!pid) throw new Error(`start.sh did not report the server: ${stdout}`);
  return Number(pid);
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

/** Stops the server's whole process group and waits until its port refuses connections. */
export async function stopServer(pid: number, port: number): Promise<void> {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  for (let i = 0; i < 100 && (await accepts(port)); i++) await new Promise((done) => setTimeout(done, 100));
}
