#!/usr/bin/env node
// The `openfind` command: runs the built CLI, or says how to build it.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('openfind: the server is not built yet; run `npm run build` (or `npm start`) first.');
  process.exit(1);
}
await import(cli.href);
