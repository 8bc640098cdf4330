import { isReservedMappingPath } from '@openfind/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { DEFAULT_SEARCH_FIELDS, defaultLocationTypes } from '../../seed/reference.js';
import { insertLocationTypes, insertSearchFields, insertTenant, type NewTenant } from './tenant-repository.js';

/** Thrown when a mapping path is one of the web app's own route names or a server path. */
export class ReservedMappingPathError extends Error {
  override name = 'ReservedMappingPathError';
}

/** Creates a tenant with the defaults it needs to work: location types and search fields. */
export async function createTenant(db: Kysely<Database>, t: NewTenant): Promise<number> {
  if (t.mappingPath && isReservedMappingPath(t.mappingPath)) {
    throw new ReservedMappingPathError(
      `"${t.mappingPath}" is a page or server path of the portal; choose another mapping path`,
    );
  }
  return inTransaction(db, async (trx) => {
    const id = await insertTenant(trx, t);
    await insertLocationTypes(trx, id, defaultLocationTypes());
    await insertSearchFields(trx, id, DEFAULT_SEARCH_FIELDS);
    return id;
  });
}
