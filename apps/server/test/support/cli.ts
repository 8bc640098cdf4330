import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const BUILT = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/**
 * The node arguments that start the openfind CLI with `args`. From source (through tsx) by default,
 * so a fresh clone tests what it holds; with OPENFIND_TEST_CLI=dist, the build that CI has just
 * made from the same source, which starts in half the time (tsx compiles every module at each start).
 */
export function cliArgs(...args: string[]): string[] {
  if (process.env.OPENFIND_TEST_CLI !== 'dist') return ['--import', 'tsx', SOURCE, ...args];
  if (!existsSync(BUILT)) throw new Error(`OPENFIND_TEST_CLI=dist, but ${BUILT} is missing: run \`npm run build\``);
  return [BUILT, ...args];
}
