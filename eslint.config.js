import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The import boundaries of a web app's `src` folder (bulletproof-react's unidirectional layout):
 * - a feature (`features/<name>/`) imports another feature only through its public entry, its
 *   `index.ts`; the zones are made from the feature folders found, so a new feature is covered at once;
 * - `app/` imports a feature through its index, or a screen in its `pages/` (the lazy routes);
 * - features never import `app/`; `lib/` and `components/` import neither features nor `app/`.
 * `src` is relative to `root`, the folder ESLint runs in. Exported for the test of this config
 * (apps/web/src/lint-boundaries.test.ts).
 */
export function webBoundaries(root, src) {
  const features = readdirSync(`${root}/${src}/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  // Exceptions are matched as they are, not resolved against basePath like `target` and `from`.
  const features_ = `${root}/${src}/features`;
  const publicEntry = `${features_}/*/index.{ts,tsx}`;
  return {
    files: [`${src}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...features.map((name) => ({
              target: `${src}/features/${name}`,
              from: `${src}/features/!(${name})/**`,
              except: [publicEntry],
              message: `features/${name} imports another feature only through its index.ts, not its internals.`,
            })),
            {
              target: `${src}/app`,
              from: `${src}/features/*/**`,
              except: [publicEntry, `${features_}/*/pages/**`],
              message: 'The app imports a feature through its index.ts, or a screen in its pages/.',
            },
            { target: `${src}/features`, from: `${src}/app`, message: 'Features do not import the app.' },
            {
              target: [`${src}/lib`, `${src}/components`],
              from: [`${src}/features`, `${src}/app`],
              message: 'lib/ and components/ are shared: they import neither features nor the app.',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.cache/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app never imports the server (feature boundaries: webBoundaries below).
      // The web app never imports the server, and takes the table of calls without its schemas:
      // `Calls` of @openfind/contract/calls (packages/contract/src/call-refs.ts); the contract's own
      // tables and ApiPath would bring zod and every schema into the first page. Types are fine.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/server/**', '@openfind/server'], message: 'the web app never imports the server' },
            {
              regex: '^@openfind/contract$',
              importNamePattern: '^(ApiPath|\\w*Calls)$',
              allowTypeImports: true,
              message: "call through `Calls` of '@openfind/contract/calls' (no schemas in the web app)",
            },
          ],
        },
      ],
      // Query keys come from the feature's factory (features/<name>/query-keys.ts, exported by its index),
      // so that another feature can name them to invalidate or update.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name=/^(queryKey|mutationKey)$/] > ArrayExpression',
          message: "Take the key from the feature's query-key factory (query-keys.ts).",
        },
      ],
    },
  },
  webBoundaries(fileURLToPath(new URL('.', import.meta.url)), 'apps/web/src'),
);
