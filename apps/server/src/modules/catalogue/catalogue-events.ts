import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** The notification channel on which writers announce that a tenant's catalogue changed. */
export const CATALOGUE_CHANNEL = 'openfind_catalogue';

/**
 * Announces that the tenant's catalogue changed. Called inside the writing transaction, so the
 * notification goes out when (and only if) the transaction commits. The payload names the schema
 * too (`7@public`): notifications reach every session of the database, and installations in other
 * schemas of the same database have tenants with the same ids.
 */
export async function announceCatalogueChange(trx: Kysely<Database>, tenantId: number): Promise<void> {
  await sql`SELECT pg_notify(${CATALOGUE_CHANNEL}, ${String(tenantId)} || '@' || current_schema())`.execute(trx);
}

/**
 * Calls `onChange` with the tenant id when a catalogue changed, at most once per `quietMs` per
 * tenant (an import announces every batch; readers of the announcement want one call after a burst
 * and one now and then during a long import). Resolves to a function that stops watching.
 */
export async function watchCatalogueChanges(
  db: Pick<Db, 'listen' | 'kysely'>,
  onChange: (tenantId: number) => void,
  quietMs = 1000,
): Promise<() => Promise<void>> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db.kysely);
  const ownSchema = rows[0]?.schema;
  const pending = new Map<number, NodeJS.Timeout>();
  const stop = await db.listen(CATALOGUE_CHANNEL, (payload) => {
    // A payload without a schema comes from a writer of an earlier version: taken as this schema's.
    const [id = '', schema = ownSchema] = payload.split('@');
    const tenantId = Number(id);
    if (schema !== ownSchema || !Number.isSafeInteger(tenantId) || pending.has(tenantId)) return;
    pending.set(
      tenantId,
      setTimeout(() => {
        pending.delete(tenantId);
        onChange(tenantId);
      }, quietMs),
    );
  });
  return async () => {
    for (const t of pending.values()) clearTimeout(t);
    pending.clear();
    await stop();
  };
}
