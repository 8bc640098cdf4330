import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { contractCalls } from './contract-calls-plugin';
import { routePreloads } from './route-preloads-plugin';
import { shellChunk } from './shell-chunk-plugin';

const shell = shellChunk();

/** The API server the dev server forwards to. */
const apiTarget = process.env.OPENFIND_API_TARGET ?? 'http://127.0.0.1:3000';
const proxied = ['/find', '/oga', '/api', '/health'];

/**
 * Libraries every page needs, split from app code so that they stay cached across releases. Ant Design is
 * left to the default splitting: most of it loads lazily, with the screens and dialogs that use it.
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
  {
    name: 'vendor',
    // Not `Trans` and the HTML parser it brings: one lazily loaded part uses it.
    test: /node_modules[\\/](@tanstack|i18next|react-i18next|use-sync-external-store)[\\/](?!dist[\\/]es[\\/](Trans|TransWithoutContext|IcuTrans\w*|Translation|withTranslation|withSSR|useSSR)\.js)/,
    priority: 10,
  },
];

export default defineConfig({
  plugins: [react(), contractCalls(), routePreloads(), shell.plugin],
  resolve: {
    // @openfind/contract resolves to its TypeScript source.
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  ssr: {
    // Vitest's node environment resolves like SSR.
    resolve: { conditions: ['source', 'module', 'node', 'development|production'] },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: true }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            ...vendorGroups.map((g) => ({
              name: g.name,
              test: (id: string) => g.test.test(id),
              priority: g.priority,
            })),
            // The app's own code that runs at start, in one file (shell-chunk-plugin.ts says why).
            { name: 'shell', test: (id: string) => shell.shellModules.has(id), priority: 5 },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
