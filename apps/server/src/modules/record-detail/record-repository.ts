import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { Errors } from '../../http/errors.js';
import { MAX_RECORD_BYTES } from '@openfind/marc/limits';
import { LINK_CAPS, RECORD_CAPS, readLinks, readText, readTexts } from '../../lib/answer-caps.js';
import type { BeanSource } from './bean-list.js';

/** A record as the detail page needs it. */
export interface DetailRow extends BeanSource {
  record_id: number;
  author: string;
  title_vernacular: string | null;
  /** Original-script (880) forms: catalogue/original-script.ts. */
  vernacular: Record<string, unknown> | null;
  lang_code: string | null;
  doc_code: string;
  call_numbers: string[];
  links: Array<{ url: string; label?: string | null }>;
  marc: unknown;
}

/**
 * Largest kept MARC record read for the MARC view, in bytes: twice the import's record limit, room
 * for a 2 MiB record as marc-in-json text. A larger one (stored before the limit, or written another
 * way) is neither read nor parsed for a page view: the page shows the record without its MARC view.
 */
export const MAX_VIEWED_MARC_BYTES = 2 * MAX_RECORD_BYTES;

/** The tenant's record `recordId` with everything the detail page shows, or undefined. */
export async function findRecordDetail(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
): Promise<DetailRow | undefined> {
  const text = <K extends string>(column: K) => readText(column, RECORD_CAPS).as(column);
  const texts = <K extends string>(column: K) => readTexts(column, RECORD_CAPS).as(column);
  // Every value read capped (see answer-caps): a record stored with a 50 MB field answers fast.
  return (
    db
      .selectFrom('bib_record')
      .select([
        'record_id',
        'source_format',
        sql<string>`${readText('title', RECORD_CAPS)}`.as('title'),
        text('title_vernacular'),
        texts('other_titles'),
        text('responsibility'),
        sql<string>`${readText('author', RECORD_CAPS)}`.as('author'),
        texts('authors'),
        text('edition'),
        text('publisher'),
        text('publish_place'),
        text('publish_year'),
        text('physical_description'),
        texts('isbns'),
        texts('invalid_isbns'),
        text('issn'),
        text('price'),
        texts('clc_classes'),
        texts('other_classes'),
        texts('call_numbers'),
        texts('subjects'),
        texts('series'),
        'lang_code',
        'doc_code',
        text('abstract'),
        texts('notes'),
        readLinks('links', LINK_CAPS).as('links'),
        'vernacular',
        sql<string | null>`CASE WHEN octet_length(marc) <= ${sql.lit(MAX_VIEWED_MARC_BYTES)} THEN marc END`.as('marc'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('record_id', '=', recordId)
      // A record suppressed by staff is not found by readers (the staff console shows it).
      .where('suppressed', '=', false)
      .executeTakeFirst()
  );
}

/** Throws the translated not-found error unless the tenant has record `recordId` (not suppressed by staff). */
export async function requireRecord(db: Kysely<Database>, tenantId: number, recordId: number): Promise<void> {
  const row = await db
    .selectFrom('bib_record')
    .select('record_id')
    .where('tenant_id', '=', tenantId)
    .where('record_id', '=', recordId)
    .where('suppressed', '=', false)
    .executeTakeFirst();
  if (!row) throw Errors.recordNotFound(recordId);
}

/** Counts a view of the record's detail page. */
export async function countView(db: Kysely<Database>, tenantId: number, recordId: number): Promise<void> {
  await sql`
    INSERT INTO record_view (record_id, tenant_id, view_count) VALUES (${recordId}, ${tenantId}, 1)
    ON CONFLICT (record_id) DO UPDATE SET view_count = record_view.view_count + 1, last_viewed_at = now()`.execute(db);
}

export interface StatisticsRow {
  view_count: number;
  loan_count: number;
  comment_count: number;
  rating_count: number;
  avg_score: number | null;
  physical_count: number;
  on_shelf_count: number;
  on_loan_count: number;
}

/** Usage figures of one record (the record must exist). */
export async function findStatistics(db: Kysely<Database>, tenantId: number, recordId: number): Promise<StatisticsRow> {
  const { rows } = await sql<StatisticsRow>`
    SELECT coalesce((SELECT view_count FROM record_view v WHERE v.record_id = b.record_id), 0) AS view_count,
           (SELECT count(*)::int FROM loan_event l WHERE l.record_id = b.record_id) AS loan_count,
           (SELECT count(*)::int FROM record_comment c WHERE c.record_id = b.record_id AND c.status = 'approved') AS comment_count,
           (SELECT count(*)::int FROM record_rating r WHERE r.record_id = b.record_id) AS rating_count,
           (SELECT round(avg(score)::numeric, 1)::float8 FROM record_rating r WHERE r.record_id = b.record_id) AS avg_score,
           (SELECT count(*)::int FROM item i WHERE i.record_id = b.record_id) AS physical_count,
           (SELECT count(*)::int FROM item i WHERE i.record_id = b.record_id AND i.process_type_code = '411') AS on_shelf_count,
           (SELECT count(*)::int FROM item i WHERE i.record_id = b.record_id AND i.process_type_code = '412') AS on_loan_count
    FROM bib_record b
    WHERE b.tenant_id = ${tenantId} AND b.record_id = ${recordId}`.execute(db);
  return rows[0]!;
}

/** Records of the tenant with this name among their authors. */
export async function countRecordsByAuthor(db: Kysely<Database>, tenantId: number, name: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM bib_record WHERE tenant_id = ${tenantId} AND authors @> ARRAY[${name}]::text[]`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}
