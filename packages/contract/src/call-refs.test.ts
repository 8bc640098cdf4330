import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allCallRefs, callRefModule, callRefsModule, readCallTables } from './call-refs.js';
import { Calls } from './calls.js';
import * as contract from './index.js';

const SRC = new URL('./', import.meta.url);
const sources = readdirSync(SRC)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => readFileSync(new URL(f, SRC), 'utf8'));

describe('the web build’s table of calls (call-refs.ts)', () => {
  it('reads every table of the contract with each entry’s method and path, and nothing else', () => {
    const tables = readCallTables(sources);
    const exported = Object.entries(contract).filter(([name]) => /Calls$/.test(name) && name !== 'Calls');
    expect(Object.keys(tables).sort()).toEqual(exported.map(([name]) => name).sort());
    for (const [name, table] of exported) {
      const expected = Object.fromEntries(
        Object.entries(table as Record<string, { method: string; path: string }>).map(([k, e]) => [
          k,
          { method: e.method, path: e.path },
        ]),
      );
      expect(tables[name], name).toEqual(expected);
    }
  });

  it('gives every call a name of its own across the modules, all of them in Calls', () => {
    const names = Object.values(readCallTables(sources)).flatMap((t) => Object.keys(t));
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(Object.keys(Calls).sort());
  });

  it('makes a module of one export a call, each from a module of its own with method and path only', () => {
    const text = callRefsModule(sources);
    const names = [...text.matchAll(/^export \{ default as (\w+) \} from "\\u0000openfind-call:(\w+)";$/gm)].map(
      (m) => {
        expect(m[1]).toBe(m[2]);
        return m[1]!;
      },
    );
    expect(names.sort()).toEqual(Object.keys(Calls).sort());
    expect(text.split('\n').filter(Boolean)).toHaveLength(Object.keys(Calls).length);
    const refs = allCallRefs(sources);
    expect(callRefModule(refs.addMyFav!)).toBe('export default {"method":"POST","path":"/find/record/addmyfav"};\n');
    for (const name of names) expect(callRefModule(refs[name]!)).not.toMatch(/zod|summary|access/);
  });
});
