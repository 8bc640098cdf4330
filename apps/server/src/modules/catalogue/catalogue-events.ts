import { currentSchema, type Db } from '../../db/database.js';

/** The notification channel on which writers announce that a tenant's catalogue changed (`announceCatalogueChange`). */
export const CATALOGUE_CHANNEL = 'openfind_catalogue';

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
  const ownSchema = await currentSchema(db.kysely);
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
