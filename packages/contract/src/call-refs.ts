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

/** The id of one call's own module in the web build: `\0openfind-call:<name>` (a virtual module). */
export const CALL_MODULE_PREFIX = '\0openfind-call:';

/** Every call of the tables, by name: method and path. */
export function allCallRefs(sources: readonly string[]): CallTable {
  const all: CallTable = {};
  for (const table of Object.values(readCallTables(sources))) Object.assign(all, table);
  return all;
}

/**
 * The JavaScript of `@openfind/contract/calls`: one export a call, each re-exported from a module of
 * its own (`callRefModule`), so that a chunk of the web app carries only the calls it makes
 * (`import * as Calls` and `Calls.x`). One module of every entry would be one piece that every chunk
 * shares: the bundler puts such a module, with every export some chunk uses, in the first page's
 * shared chunk, and each call the app gains would grow the first page.
 */
export function callRefsModule(sources: readonly string[]): string {
  return Object.keys(allCallRefs(sources))
    .map((name) => `export { default as ${name} } from ${JSON.stringify(CALL_MODULE_PREFIX + name)};\n`)
    .join('');
}

/** The module of one call: its method and path as the default export (for `ref`, an entry of `allCallRefs`). */
export function callRefModule(ref: { method: HttpMethod; path: string }): string {
  return `export default ${JSON.stringify(ref)};\n`;
}
