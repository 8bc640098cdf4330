import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@openfind/contract';
import { ROUTE_TABLE, PERSONAL_EXTERNAL_KEYS } from '../app/route-table';
import { SEARCH_SCOPES } from '../features/home/search-scopes';
import { NAMESPACES } from '../features/lang/namespaces';
import { DEFAULT_MENU, DIGITAL_LIBRARY_NODE } from '../features/menu/default-menu';
import type { DefaultMenuNode } from '../features/menu/default-menu';

type Tree = { [key: string]: string | Tree };
const dir = fileURLToPath(new URL('.', import.meta.url));
const load = (lang: string, ns: string) => JSON.parse(readFileSync(join(dir, lang, `${ns}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const keys = (lang: string, ns: string) => flatten(load(lang, ns));

describe('locales', () => {
  it('have exactly the namespaces the app loads, in every language', () => {
    for (const lang of LANGUAGES) {
      const files = readdirSync(join(dir, lang))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace('.json', ''));
      expect(files.sort()).toEqual([...NAMESPACES].sort());
    }
  });

  it.each(NAMESPACES.map((ns) => [ns]))('%s has the same keys in all three languages, none empty', (ns) => {
    const reference = [...keys('zh-CN', ns).keys()].sort();
    for (const lang of LANGUAGES) {
      const map = keys(lang, ns);
      expect([...map.keys()].sort(), `${lang}/${ns}`).toEqual(reference);
      for (const [key, value] of map) expect(value.trim(), `${lang}/${ns}:${key}`).not.toBe('');
    }
  });

  it('keep {{placeholders}} identical across languages', () => {
    const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const ns of NAMESPACES) {
      const reference = keys('zh-CN', ns);
      for (const lang of LANGUAGES) {
        for (const [key, value] of keys(lang, ns))
          expect(vars(value), `${lang}/${ns}:${key}`).toEqual(vars(reference.get(key) ?? ''));
      }
    }
  });

  it('name every screen of the route table', () => {
    const names = keys('zh-CN', 'placeholder');
    const features = [...ROUTE_TABLE.map((r) => r.feature), ...PERSONAL_EXTERNAL_KEYS.map((n) => `personal${n}`)];
    for (const feature of features) expect(names.has(`features.${feature}`), feature).toBe(true);
  });

  it('name every default menu entry and search scope', () => {
    const menu = keys('zh-CN', 'menu');
    const walk = (nodes: readonly DefaultMenuNode[]): string[] =>
      nodes.flatMap((n) => [n.key, ...walk(n.children ?? [])]);
    for (const key of walk([...DEFAULT_MENU, DIGITAL_LIBRARY_NODE])) expect(menu.has(`default.${key}`), key).toBe(true);
    const home = keys('zh-CN', 'home');
    for (const scope of SEARCH_SCOPES) expect(home.has(`scopes.${scope.key}`), scope.key).toBe(true);
  });
});
