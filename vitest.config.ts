import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { contractCalls } from './apps/web/contract-calls-plugin';

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));
const alias = [
  // The package alone: its subpath `@openfind/contract/calls` is the web build's (contract-calls-plugin.ts).
  { find: /^@openfind\/contract$/, replacement: src('contract') },
  ...Object.entries({
    '@openfind/text': src('text'),
    '@openfind/sip2': src('sip2'),
    // Before the package itself: a package name also matches its subpaths.
    '@openfind/marc/stored-marc': fileURLToPath(new URL('./packages/marc/src/model/stored-marc.ts', import.meta.url)),
    '@openfind/marc/map': fileURLToPath(new URL('./packages/marc/src/map/map-record.ts', import.meta.url)),
    '@openfind/marc/limits': fileURLToPath(new URL('./packages/marc/src/model/limits.ts', import.meta.url)),
    '@openfind/marc': src('marc'),
  }).map(([find, replacement]) => ({ find, replacement })),
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on two cores. The server suite
    // spends much of its time waiting on the CLI's child processes and the database thread, so two
    // workers use the machine (npm test 584 → ? s on two cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'text',
          root: 'packages/text',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'sip2',
          root: 'packages/sip2',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'marc',
          root: 'packages/marc',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Reads the real files of ../shared/testdata; run by `npm run test:shared` (CI), not by `npm test`.
        resolve: { alias },
        test: {
          name: 'shared-data',
          root: '.',
          include: ['packages/*/test-shared/**/*.test.ts', 'apps/server/test-shared/**/*.test.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: 'apps/server',
          // Files share a worker's module cache: each file imported the whole server again (2–4 s a file).
          isolate: false,
          include: ['test/**/*.test.ts'],
          setupFiles: ['test/setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        plugins: [contractCalls()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
    ],
  },
});
