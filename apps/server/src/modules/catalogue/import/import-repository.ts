import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Records that an import of a file started; returns the run's id. */
export async function insertImportRun(
  db: Kysely<Database>,
  tenantId: number,
  run: { fileName: string; fileSize: number; format: string },
): Promise<number> {
  const row = await db
    .insertInto('import_run')
    .values({ tenant_id: tenantId, file_name: run.fileName, file_size: run.fileSize, format: run.format })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records how an import run ended: the file's hash and what became of its records. */
export async function finishImportRun(
  db: Kysely<Database>,
  tenantId: number,
  runId: number,
  end: { fileHash: string | null; read: number; created: number; updated: number; unchanged: number; skipped: number },
): Promise<void> {
  await db
    .updateTable('import_run')
    .set({
      file_hash: end.fileHash,
      finished_at: new Date().toISOString(),
      read_count: end.read,
      created_count: end.created,
      updated_count: end.updated,
      unchanged_count: end.unchanged,
      skipped_count: end.skipped,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', runId)
    .execute();
}

/** The tenant's libraries and its locations with the library of their campus (the import's place directory). */
export async function findPlaces(db: Kysely<Database>, tenantId: number) {
  const [libraries, locations] = await Promise.all([
    db.selectFrom('library').selectAll().where('tenant_id', '=', tenantId).execute(),
    db
      .selectFrom('location')
      .innerJoin('campus', (j) =>
        j.onRef('campus.tenant_id', '=', 'location.tenant_id').onRef('campus.campus_id', '=', 'location.campus_id'),
      )
      .select([
        'location.location_id as locationId',
        'location.campus_id as campusId',
        'campus.lib_code as libCode',
        'location.name as name',
        'location.name_en as nameEn',
        'location.name_tw as nameTw',
      ])
      .where('location.tenant_id', '=', tenantId)
      .execute(),
  ]);
  return { libraries, locations };
}
