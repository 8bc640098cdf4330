import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** Runs `fn` in a transaction, joining the caller's transaction when `db` already is one. */
export function inTransaction<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}
