/**
 * The table of calls without its schemas, made at build time by contract-calls-plugin.ts: one export
 * a call, imported as a namespace (`import * as Calls from '@openfind/contract/calls'`), so each chunk
 * carries only the calls it names.
 */
declare module '@openfind/contract/calls' {
  import type { CallRefs, Calls as Entries } from '@openfind/contract';
  const Calls: CallRefs<typeof Entries>;
  // A namespace too, so that the module can be imported as one (`import * as`).
  namespace Calls {}
  export = Calls;
}
