import type { Endpoint, HttpMethod } from './endpoint.js';

/**
 * The web app's view of the table of calls: method and path of each entry, with the entry's types
 * but none of its schemas. The schemas are zod objects built when their module loads, and the web
 * app only sends and reads what the server validates: shipping them would put zod and every schema
 * into the first page's JavaScript (about 26 kB gzipped) for nothing. The web build makes
 * `@openfind/contract/calls` from the contract's sources with `readCallTables` (apps/web/
 * contract-calls-plugin.ts); a contract test proves that it reads exactly the table the server
 * registers.
 */

/** An entry as the web app holds it: method and path at run time, the whole entry as a type. */
export type CallRef<E extends Endpoint = Endpoint> = Pick<E, 'method' | 'path'> & {
  /** Never set: carries the entry's type to the client's `call()`. */
  readonly entry?: E;
};

/** The entry a reference stands for. */
export type EntryOf<R extends CallRef> = NonNullable<R['entry']>;

/** The references of a table of calls, by name. */
export type CallRefs<T extends Record<string, Endpoint>> = { readonly [K in keyof T]: CallRef<T[K]> };

/** One table as read from a source file: entry name → method and path. */
export type CallTable = Record<string, { method: HttpMethod; path: string }>;

const TABLE_START = /^export const (\w+Calls) = calls\(\s*'[^']*',\s*\{$/gm;
// The entries of a table, as prettier writes them: two spaces in, `name: get('path'` or `name: post('path'`.
const ENTRY = /^ {2}(\w+): (get|post)\(\s*'([^']+)'/gm;

/**
 * Reads the tables of calls (`export const XCalls = calls('tag', { name: get('/path', …) … })`) from
 * the text of contract source files: each table's entries with method and path.
 */
export function readCallTables(sources: readonly string[]): Record<string, CallTable> {
  const tables: Record<string, CallTable> = {};
  for (const text of sources) {
    for (const start of text.matchAll(TABLE_START)) {
      const from = start.index + start[0].length;
      const end = text.indexOf('\n});', from);
      const table: CallTable = {};
      for (const e of text.slice(from, end < 0 ? undefined : end).matchAll(ENTRY)) {
        table[e[1]!] = { method: e[2] === 'get' ? 'GET' : 'POST', path: e[3]! };
      }
      tables[start[1]!] = table;
    }
  }
  return tables;
}

/**
 * The JavaScript of `@openfind/contract/calls`: one export a call, every table's entries by name, so
 * that a chunk of the web app carries only the calls it makes (`import * as Calls` and `Calls.x`).
 */
export function callRefsModule(sources: readonly string[]): string {
  const all: CallTable = {};
  for (const table of Object.values(readCallTables(sources))) Object.assign(all, table);
  return Object.entries(all)
    .map(([name, ref]) => `export const ${name} = ${JSON.stringify(ref)};\n`)
    .join('');
}
