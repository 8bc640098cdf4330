import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliArgs } from './support/cli.js';
import { tempDir } from './temp-dirs.js';

let dataDir: string;

/** Runs the openfind CLI (from source, or the build: support/cli.ts) on the embedded database in `dir`. */
function openfindIn(dir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, cliArgs(...args), {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 150_000,
  });
  return { code: r.status ?? r.signal, out: r.stdout, err: r.stderr };
}
/** The CLI on the session's database (the first describe's steps build on each other there). */
const openfind = (...args: string[]) => openfindIn(dataDir, ...args);

beforeAll(() => {
  dataDir = tempDir('openfind-cli-');
});

// Each test starts the CLI two to five times: 6–10 s each from source on a two-core machine, 3–5 s built.
// An operator's session on one data directory, in order (migrate, seed, add an institution, configure
// it…): a fresh directory for each step would migrate and seed again every time, about 10 s a test.
describe('openfind CLI', { timeout: 400_000, shuffle: false }, () => {
  it('migrates, then finds nothing to do', () => {
    expect(openfind('migrate').out).toMatch(/applied: 0001_foundation.sql/);
    expect(openfind('migrate').out).toMatch(/up to date/);
  });

  it('seeds the demo once and skips it the second time', () => {
    // A failure shows the command's exit status and standard error.
    const first = openfind('seed', '--demo');
    expect(first.out, `exit ${first.code}: ${first.err}`).toMatch(/created: \(default\), beiling, xihu/);
    const second = openfind('seed', '--demo');
    expect(second.out, `exit ${second.code}: ${second.err}`).toMatch(
      /created: none; already there: \(default\), beiling, xihu/,
    );
  });

  it('adds and lists an institution, refusing a taken mapping path', () => {
    const add = openfind(
      'tenant',
      'add',
      '--mapping-path',
      'dongshan',
      '--group-code',
      '400100',
      '--name',
      '东山学院图书馆',
      '--name-en',
      'Dongshan College Library',
    );
    expect(add.code).toBe(0);
    expect(openfind('tenant', 'list').out).toMatch(/400100\t\/dongshan\t东山学院图书馆/);
    const taken = openfind('tenant', 'add', '--mapping-path', 'dongshan', '--group-code', '400101', '--name', 'x');
    expect(taken.code).toBe(1);
    expect(taken.err).toMatch(/mapping path "dongshan" is taken/);
    const bad = openfind('tenant', 'add', '--mapping-path', 'a/b', '--group-code', '1', '--name', 'x');
    expect(bad.err).toMatch(/--mapping-path may hold/);
    const reserved = openfind('tenant', 'add', '--mapping-path', 'searchlist', '--group-code', '9', '--name', 'x');
    expect(reserved.code).toBe(1);
    expect(reserved.err).toMatch(/"searchlist" is a page or server path of the portal/);
  });

  it('sets and reads site configuration and institution parameters without SQL', () => {
    const set = openfind(
      'config',
      'set',
      '--tenant',
      'dongshan',
      'navBackColor=123456',
      'blackAndWhiteModel=1',
      'version=4.1',
      'helpHtml=<p>帮助</p><a href="java&#9;script:alert(1)" onclick="alert(2)">x</a>',
      'popularSearchBlockList=赌博,spam',
    );
    expect(set.code, set.err).toBe(0);
    // Rich text is stored cleaned (issue 25, finding 6).
    expect(openfind('config', 'get', '--tenant', 'dongshan', 'helpHtml').out.trim()).toBe('<p>帮助</p><a>x</a>');
    expect(openfind('config', 'get', '--tenant', 'dongshan', 'navBackColor').out.trim()).toBe('123456');
    expect(openfind('config', 'get', '--tenant', '400100', 'version').out.trim()).toBe('4.1');
    const all = JSON.parse(openfind('config', 'get', '--tenant', 'dongshan').out) as Record<string, string>;
    expect(all).toMatchObject({
      blackAndWhiteModel: '1',
      findPasswordFlag: '1',
      navTextColor: 'fff',
      popularSearchBlockList: '赌博,spam',
    });
    expect(openfind('config', 'get', 'navBackColor').out.trim()).toBe('25313d'); // the default institution is untouched
  });

  it('explains bad keys and values and changes nothing', () => {
    const unknown = openfind('config', 'set', '--tenant', 'dongshan', 'colour=red');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/unknown key\(s\): colour/);
    const invalid = openfind('config', 'set', '--tenant', 'dongshan', 'navBackColor=red', 'findCoerceLogin=1');
    expect(invalid.code).toBe(1);
    expect(invalid.err).toMatch(/navBackColor: a hex colour/);
    expect(openfind('config', 'get', '--tenant', 'dongshan', 'findCoerceLogin').out.trim()).toBe('0');
    expect(openfind('config', 'get', '--tenant', 'nobody').err).toMatch(/no institution "nobody"/);
  });

  it('refuses import options out of range before reading anything', () => {
    const file = path.join(dataDir, 'none.mrc');
    writeFileSync(file, '');
    for (const [option, value, message] of [
      ['--batch-size', '0', /--batch-size takes a whole number from 1 to 5000/],
      ['--writers', '0', /--writers takes a whole number from 1 to 8/],
      ['--writers', 'two', /--writers takes a whole number from 1 to 8/],
    ] as const) {
      const r = openfind('import', file, option, value);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(message);
    }
  });

  it('replaces menus from a JSON file', () => {
    const file = path.join(dataDir, 'menus.json');
    writeFileSync(file, JSON.stringify({ menuA: [{ menuName: '首页', englishName: 'Home', menuUrl: '/Home' }] }));
    expect(openfind('config', 'menus', '--tenant', 'dongshan', '--set', file).code).toBe(0);
    const menus = JSON.parse(openfind('config', 'menus', '--tenant', 'dongshan').out) as {
      menuA: Array<{ menuName: string }>;
    };
    expect(menus.menuA.map((m) => m.menuName)).toEqual(['首页']);
    writeFileSync(file, '{"menuA": [{"menuUrl": "/x"}]}');
    expect(openfind('config', 'menus', '--tenant', 'dongshan', '--set', file).err).toMatch(/menuName/);
  });

  it('reports a bad environment clearly', () => {
    const r = spawnSync(process.execPath, cliArgs('migrate'), {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'mysql://nope', PORT: 'x' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/invalid configuration in the environment/);
    expect(r.stderr).not.toMatch(/\bat \S+ \(/);
  });
});

describe('the embedded database folder', { timeout: 180_000 }, () => {
  let server: ReturnType<typeof spawn> | undefined;
  // A folder of its own: the session above expects to migrate its own from nothing.
  let folder: string;
  beforeAll(() => {
    folder = tempDir('openfind-serve-');
  });
  afterAll(() => {
    server?.kill('SIGTERM');
  });

  it('is refused to a second process while the server runs, and freed when it stops', async () => {
    server = spawn(process.execPath, cliArgs('serve', '--port', '0'), {
      env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server did not start')), 30_000);
      server!.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes('OpenFind is ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const second = openfindIn(folder, 'tenant', 'list');
    expect(second.code).toBe(1);
    expect(second.err).toMatch(/in use by process \d+/);
    const exited = new Promise<number | null>((resolve) => server!.on('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0); // graceful shutdown
    server = undefined;
    expect(openfindIn(folder, 'tenant', 'list').code).toBe(0);
  });
});
