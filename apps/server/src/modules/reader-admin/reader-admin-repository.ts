import { sql, type Kysely } from 'kysely';
import { READER_IMPORT_PREVIEW_MINUTES, type ReaderStatus } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';

type Q = Kysely<Database>;

/** A reader as the staff console's list shows one. */
export interface ReaderBriefRow {
  id: number;
  account: string;
  card_no: string;
  name: string;
  department: string;
  reader_type: string;
  status: ReaderStatus;
  phone: string;
  email: string;
  valid_until: string | null;
  closed: boolean;
}

/** `%text%` for LIKE, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A page of the institution's readers, by account: those whose account, card number, name, phone or
 * e-mail contains `q` (any case), of the department, reader type and status given (empty: any).
 */
export async function searchReaders(
  db: Q,
  tenantId: number,
  f: { q: string; department: string; readerType: string; status?: ReaderStatus | undefined },
  offset: number,
  rows: number,
): Promise<{ total: number; rows: ReaderBriefRow[] }> {
  const like = containing(f.q);
  const select = sql`
    SELECT id, account, card_no, name, department, reader_type, status, phone, email,
           to_char(valid_until, 'YYYY-MM-DD') AS valid_until, closed_at IS NOT NULL AS closed
      FROM reader
     WHERE tenant_id = ${tenantId}
       ${
         f.q
           ? sql`AND (lower(account) LIKE ${like} OR lower(card_no) LIKE ${like} OR lower(name) LIKE ${like}
                   OR phone LIKE ${like} OR lower(email) LIKE ${like})`
           : sql``
       }
       ${f.department ? sql`AND lower(department) = ${f.department.toLowerCase()}` : sql``}
       ${f.readerType ? sql`AND lower(reader_type) = ${f.readerType.toLowerCase()}` : sql``}
       ${f.status ? sql`AND status = ${f.status}` : sql``}`;
  return findPage<ReaderBriefRow>(db, select, sql`lower(account), id`, offset, rows);
}

/** When the reader last logged in and was created (ISO 8601); undefined: no such reader. */
export async function findReaderDates(
  db: Q,
  tenantId: number,
  id: number,
): Promise<{ lastLoginAt: string | null; createdAt: string; closed: boolean } | undefined> {
  const row = await db
    .selectFrom('reader')
    .select(['last_login_at', 'created_at', 'closed_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return (
    row && { lastLoginAt: iso(row.last_login_at), createdAt: iso(row.created_at)!, closed: row.closed_at !== null }
  );
}

/** The reader's status, the row locked until the transaction `db` ends (a change reads it first). */
export async function lockReaderStatus(
  db: Q,
  tenantId: number,
  id: number,
): Promise<{ account: string; status: ReaderStatus } | undefined> {
  return db
    .selectFrom('reader')
    .select(['account', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Records a file previewed (again: the waiting preview of the same file is renewed). */
export async function savePreview(
  db: Q,
  p: { tenantId: number; staffId: number; digest: string; summary: unknown },
): Promise<void> {
  await sql`
    INSERT INTO reader_import (tenant_id, staff_id, digest, summary)
    VALUES (${p.tenantId}, ${p.staffId}, ${p.digest}, ${JSON.stringify(p.summary)}::jsonb)
    ON CONFLICT (tenant_id, digest) WHERE state = 'previewed'
    DO UPDATE SET created_at = now(), staff_id = EXCLUDED.staff_id, summary = EXCLUDED.summary`.execute(db);
}

/**
 * Takes the waiting preview of a file for its commit, in one guarded UPDATE: of two commits at once
 * (a double click) one gets the row, the other none. Undefined: no preview of this file waits (never
 * made, lapsed, or committed already).
 */
export async function claimPreview(db: Q, tenantId: number, digest: string): Promise<number | undefined> {
  const row = await db
    .updateTable('reader_import')
    .set({ state: 'committing' })
    .where('tenant_id', '=', tenantId)
    .where('digest', '=', digest)
    .where('state', '=', 'previewed')
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${READER_IMPORT_PREVIEW_MINUTES})`)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * The commit of a claimed preview: done, with its counts; or failed, when the row goes (the file is
 * previewed again: what it would do may have changed).
 */
export async function finishImport(
  db: Q,
  tenantId: number,
  id: number,
  outcome: { committed: true; summary: unknown } | { committed: false },
): Promise<void> {
  if (!outcome.committed) {
    await db.deleteFrom('reader_import').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    return;
  }
  await db
    .updateTable('reader_import')
    .set({ state: 'committed', committed_at: sql`now()`, summary: JSON.stringify(outcome.summary) })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
