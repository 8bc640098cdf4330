import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Opens PGlite as the server uses it, in memory when there is no data folder. `copyOf` names a file
 * of a data folder dumped by PGlite (`dumpDataDir`): the database opens in memory as a copy of it
 * instead of being created, which takes PGlite about two seconds (the test suites open hundreds).
 */
export async function newPGlite(dataDir: string | undefined, sharedBuffers: string, copyOf?: string): Promise<PGlite> {
  // pg_trgm backs did-you-mean (migration 0003); PGlite loads extensions only when constructed.
  const pglite = new PGlite(dataDir ?? 'memory://', {
    // int8 (counts, sums) as JS numbers: our counts stay far below 2^53.
    parsers: { 20: (v: string) => Number(v) },
    // Text parameters given as UTF-8 bytes go as bytes (the binary form of text), as with pg:
    // an import's batches are encoded that way (column-texts.ts). Anything else as PGlite would.
    serializers: { 25: textParameter as (v: unknown) => string },
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
    ...(copyOf && !dataDir ? { loadDataDir: new Blob([readFileSync(copyOf)]) } : {}),
  });
  await pglite.waitReady;
  return pglite;
}

function textParameter(v: unknown): unknown {
  if (v instanceof Uint8Array) return v;
  return v instanceof Date ? v.toISOString() : String(v);
}
