import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import type { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

const RULE = 'import-x/no-restricted-paths';
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const configFile = join(repoRoot, 'eslint.config.js');

/** The boundary errors ESLint reports for `code` as if it were the file at `filePath`. */
async function boundaryErrors(eslint: ESLint, code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe("the repository's lint config keeps the web app's layers apart", () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const at = (path: string) => join(repoRoot, 'apps/web/src', path);

  it('finds a public entry, index.ts, in every feature', () => {
    const features = readdirSync(at('features'), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(features.filter((f) => !existsSync(at(`features/${f.name}/index.ts`))).map((f) => f.name)).toEqual([]);
  });

  it("refuses a feature's import of another feature's internals", async () => {
    const errors = await boundaryErrors(
      eslint,
      "export { FavouriteToggle } from '../../favourites/FavouriteToggle';\n",
      at('features/record/components/Probe.tsx'),
    );
    expect(errors).toEqual([
      expect.stringContaining('features/record imports another feature only through its index.ts'),
    ]);
  });

  it('takes the table of calls without schemas: no ApiPath or XCalls value from the contract, types allowed', async () => {
    const errorsOf = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: at('features/auth/api/probe.ts') });
      return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
    };
    expect(await errorsOf("export { ApiPath } from '@openfind/contract';\n")).toHaveLength(1);
    expect(
      await errorsOf("import { AuthCalls } from '@openfind/contract';\nexport const p = AuthCalls.login.path;\n"),
    ).toHaveLength(1);
    const allowed =
      "import * as Calls from '@openfind/contract/calls';\nimport type { AuthCalls, OutputOf } from '@openfind/contract';\n" +
      'export type Out = OutputOf<typeof AuthCalls.login>;\nexport const p = Calls.login.path;\n';
    expect(await errorsOf(allowed)).toEqual([]);
  });

  it('lets a feature import another through its index, and its own internals freely', async () => {
    const code =
      "export { FavouriteToggle } from '../../favourites';\nexport { RecordPage } from '../pages/RecordPage';\n";
    expect(await boundaryErrors(eslint, code, at('features/record/components/Probe.tsx'))).toEqual([]);
  });

  it('lets the app import a feature through its index or a screen in its pages/, nothing else', async () => {
    const allowed =
      "export { HeaderAccount } from '../features/auth';\nexport { LoginPage } from '../features/auth/pages/LoginPage';\n";
    expect(await boundaryErrors(eslint, allowed, at('app/Probe.tsx'))).toEqual([]);
    const internal = "export { LoginForm } from '../features/auth/components/LoginForm';\n";
    expect(await boundaryErrors(eslint, internal, at('app/Probe.tsx'))).toHaveLength(1);
  });

  it('keeps features off the app, and lib/ and components/ off features', async () => {
    expect(
      await boundaryErrors(eslint, "export * from '../../app/route-table';\n", at('features/tenant/Probe.ts')),
    ).toHaveLength(1);
    expect(await boundaryErrors(eslint, "export * from '../features/auth';\n", at('lib/probe.ts'))).toHaveLength(1);
    expect(
      await boundaryErrors(eslint, "export * from '../features/auth';\n", at('components/Probe.tsx')),
    ).toHaveLength(1);
  });
});

describe("the repository's lint config keeps query keys in the features' factories", () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const filePath = join(repoRoot, 'apps/web/src/features/favourites/probe.ts');
  const keyErrors = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax');
  };

  it('refuses a key written out where a query is used', async () => {
    expect(await keyErrors("export const filter = { queryKey: ['search'] };\n")).toHaveLength(1);
  });

  it('takes a key from a factory', async () => {
    const code = "import { searchKeys } from '../search';\nexport const filter = { queryKey: searchKeys.all };\n";
    expect(await keyErrors(code)).toEqual([]);
  });
});

describe('the boundaries cover every feature folder, a new one included, without a change to the config', () => {
  const root = mkdtempSync(join(tmpdir(), 'openfind-lint-'));
  const files: Record<string, string> = {
    'src/features/a/pages/APage.tsx': 'export const A = 1;\n',
    'src/features/b/index.ts': "export { hidden as shown } from './internal';\n",
    'src/features/b/internal.ts': 'export const hidden = 2;\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const eslint = (async () => {
    // Through a variable: a plain JavaScript module without types.
    const { webBoundaries } = (await import(/* @vite-ignore */ configFile)) as {
      webBoundaries: (root: string, src: string) => Linter.Config;
    };
    return new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, webBoundaries(root, 'src')],
    });
  })();
  const inA = join(root, 'src/features/a/pages/Probe.ts');

  it('refuses features/a importing the internals of features/b', async () => {
    const errors = await boundaryErrors(await eslint, "export { hidden } from '../../b/internal';\n", inA);
    expect(errors).toEqual([expect.stringContaining('features/a imports another feature only through its index.ts')]);
  });

  it('lets features/a import features/b through its index', async () => {
    expect(await boundaryErrors(await eslint, "export { shown } from '../../b';\n", inA)).toEqual([]);
  });
});
