/** The import's choices the command line offers (kept apart from the import's modules, which load slowly). */

/** The formats an operator can name; 'auto' detects per file (and encoding and flavour per record). */
export const IMPORT_FORMATS = ['auto', 'marc', 'marcxml', 'unimarc', 'json', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * Batches an import writes at once into a PostgreSQL server: one committing while the next is sent.
 * Measured with 100,000 MARC21 records (`openfind import`, same machine, two runs each): ISO 2709
 * 2,546–2,667 → 2,814–2,824 records/s, MARCXML 1,912–2,413 → 2,303–2,532 records/s.
 */
export const POSTGRES_IMPORT_WRITERS = 2;

/** Batches to write at once into a database of `kind`: the embedded one has a single connection. */
export function importWriters(kind: 'pglite' | 'postgres', requested = POSTGRES_IMPORT_WRITERS): number {
  return kind === 'postgres' ? requested : 1;
}
