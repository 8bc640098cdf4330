/** The table of calls without its schemas, made at build time by contract-calls-plugin.ts. */
declare module '@openfind/contract/calls' {
  import type { CallRefs, Calls as Entries } from '@openfind/contract';
  export const Calls: CallRefs<typeof Entries>;
}
