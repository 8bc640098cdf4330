#!/usr/bin/env node
// Prepares a fresh e2e database with the built CLI: the demo tenants, plus a `mourning` tenant in
// black-and-white mode. Run with DATA_DIR set (playwright.config.ts does), before the server starts.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR ?? '.cache/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
const cli = (...args) =>
  execFileSync(process.execPath, ['apps/server/dist/cli.js', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

cli('seed', '--demo');
cli(
  'tenant',
  'add',
  '--mapping-path',
  'mourning',
  '--group-code',
  '990001',
  '--name',
  '哀悼测试图书馆',
  '--name-en',
  'Mourning Test Library',
  '--name-tw',
  '哀悼測試圖書館',
);
// Black-and-white mode, plus settings the shell must cope with: a faint header text colour, a logo that
// fails to load, its own favicon and search background.
cli(
  'config',
  'set',
  '--tenant',
  'mourning',
  'blackAndWhiteModel=1',
  'navBackColor=f0f0f0',
  'navTextColor=ffffff',
  'pcLogoUrl=/no-such-logo.png',
  'iconUrl=/logo.svg',
  'searchBackGround=/image-fallback.svg',
);
console.log(`e2e data ready in ${dataDir}`);
