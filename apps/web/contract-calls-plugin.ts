import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { CALL_MODULE_PREFIX, allCallRefs, callRefModule, callRefsModule } from '../../packages/contract/src/call-refs';

const CONTRACT_SRC = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
const ID = '@openfind/contract/calls';
const RESOLVED = '\0openfind-contract-calls';

/**
 * `@openfind/contract/calls`: the contract's table of calls without its schemas (method and path by
 * name), read from the contract's sources at build time (packages/contract/src/call-refs.ts says why).
 */
export function contractCalls(): Plugin {
  const sources = () =>
    readdirSync(CONTRACT_SRC)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => readFileSync(CONTRACT_SRC + f, 'utf8'));
  return {
    name: 'openfind-contract-calls',
    enforce: 'pre',
    // Each call's module has no side effects: an export no chunk uses leaves its module out.
    resolveId: (id) =>
      id === ID ? RESOLVED : id.startsWith(CALL_MODULE_PREFIX) ? { id, moduleSideEffects: false } : undefined,
    load(id) {
      if (id === RESOLVED) {
        // Rebuilt when a contract file changes (dev server, watch mode).
        for (const f of readdirSync(CONTRACT_SRC)) this.addWatchFile(CONTRACT_SRC + f);
        return callRefsModule(sources());
      }
      if (!id.startsWith(CALL_MODULE_PREFIX)) return undefined;
      const ref = allCallRefs(sources())[id.slice(CALL_MODULE_PREFIX.length)];
      return ref ? callRefModule(ref) : undefined;
    },
  };
}
