import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

// The open interfaces' reads (issue 30, migration 0055): OAI-PMH's walk over the catalogue and its
// tombstones in datestamp order, the sitemaps' pages of record ids. Every statement is scoped by tenant;
// nothing here writes (tombstones are written by the trigger of migration 0055).

type Db = Kysely<Database>;

/** A timestamp as UTC text with its microseconds, so that a page's last position is exact. */
const STAMP = (column: string) => stampOf(sql.ref(column));
const stampOf = (expr: RawBuilder<unknown> | ReturnType<typeof sql.ref>) =>
  sql<string>`to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** What a harvest selects: its set, its bounds and where the last page ended. */
export interface OaiSelection {
  /** `doc:<code>`, `clc:<letter>`, `doc` or `clc` (any record that has one); undefined: all. */
  set?: string | undefined;
  /** Inclusive lower bound (ISO). */
  from?: string | undefined;
  /** Exclusive upper bound (ISO, microseconds). */
  before: string;
  /** Only records whose kept MARC record is MARC 21 (the `marc21` format). */
  marc21Only: boolean;
  /** The last (datestamp, record id) of the previous page. */
  after?: { stamp: string; recordId: number } | undefined;
}

/** A record or tombstone as OAI-PMH lists it; the record's columns only when asked for and not deleted. */
export interface OaiRow {
  recordId: number;
  /** ISO UTC with microseconds. */
  stamp: string;
  deleted: boolean;
  docCode: string;
  clcClasses: string[];
  record?: OaiRecordColumns | undefined;
}

export interface OaiRecordColumns {
  title: string;
  author: string;
  authors: string[];
  publisher: string | null;
  publishYear: string | null;
  isbns: string[];
  issn: string | null;
  subjects: string[];
  abstract: string | null;
  langCode: string | null;
  physicalDescription: string | null;
  series: string[];
  sourceFormat: string;
  marc: unknown;
}

const RECORD_COLUMNS = sql`, t.title, t.author, t.authors, t.publisher, t.publish_year, t.isbns, t.issn, t.subjects,
  t.abstract, t.lang_code, t.physical_description, t.series, t.source_format, t.marc`;
const NO_RECORD_COLUMNS = sql`, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL`;

interface RawOaiRow {
  record_id: number;
  stamp: string;
  deleted: boolean;
  doc_code: string;
  clc_classes: string[];
  title?: string | null;
  author?: string | null;
  authors?: string[] | null;
  publisher?: string | null;
  publish_year?: string | null;
  isbns?: string[] | null;
  issn?: string | null;
  subjects?: string[] | null;
  abstract?: string | null;
  lang_code?: string | null;
  physical_description?: string | null;
  series?: string[] | null;
  source_format?: string | null;
  marc?: unknown;
}

function toOaiRow(r: RawOaiRow, withRecord: boolean): OaiRow {
  return {
    recordId: r.record_id,
    stamp: r.stamp,
    deleted: r.deleted,
    docCode: r.doc_code,
    clcClasses: r.clc_classes,
    record:
      withRecord && !r.deleted
        ? {
            title: r.title ?? '',
            author: r.author ?? '',
            authors: r.authors ?? [],
            publisher: r.publisher ?? null,
            publishYear: r.publish_year ?? null,
            isbns: r.isbns ?? [],
            issn: r.issn ?? null,
            subjects: r.subjects ?? [],
            abstract: r.abstract ?? null,
            langCode: r.lang_code ?? null,
            physicalDescription: r.physical_description ?? null,
            series: r.series ?? [],
            sourceFormat: r.source_format ?? '',
            marc: r.marc ?? null,
          }
        : undefined,
  };
}

/** The SQL condition of a set on the columns `doc_code` and `clc_classes` of alias `t`. */
function setCondition(set: string | undefined): RawBuilder<boolean> {
  if (!set) return sql<boolean>`true`;
  if (set === 'doc') return sql<boolean>`true`;
  if (set === 'clc') return sql<boolean>`cardinality(t.clc_classes) > 0`;
  const [kind, value = ''] = set.split(':');
  if (kind === 'doc') return sql<boolean>`t.doc_code = ${value}`;
  return sql<boolean>`EXISTS (SELECT 1 FROM unnest(t.clc_classes) c WHERE left(upper(c), 1) = ${value})`;
}

function bounds(stampColumn: string, s: OaiSelection): RawBuilder<boolean> {
  const col = sql.ref(stampColumn);
  const after = s.after
    ? sql<boolean>`AND (${col}, t.record_id) > (${s.after.stamp}::timestamptz, ${s.after.recordId})`
    : sql<boolean>``;
  const from = s.from ? sql<boolean>`AND ${col} >= ${s.from}::timestamptz` : sql<boolean>``;
  return sql<boolean>`${col} < ${s.before}::timestamptz ${from} ${after}`;
}

const marc21Condition = (s: OaiSelection) =>
  s.marc21Only ? sql<boolean>`AND (t.suppressed OR (t.marc IS NOT NULL AND t.source_format <> 'unimarc'))` : sql``;

/**
 * One page of the institution's records and tombstones in (datestamp, record id) order, `limit` at most:
 * the index (tenant_id, updated_at, record_id) gives the records in that order from where the last
 * page ended, so a page costs the same at the start of a harvest and at its end. A suppressed record
 * is listed as deleted (readers no longer see it).
 */
export async function findOaiPage(
  db: Db,
  tenantId: number,
  s: OaiSelection,
  limit: number,
  withRecords: boolean,
): Promise<OaiRow[]> {
  const columns = withRecords ? RECORD_COLUMNS : sql``;
  const nulls = withRecords ? NO_RECORD_COLUMNS : sql``;
  const { rows } = await sql<RawOaiRow>`
    SELECT * FROM (
      (SELECT t.record_id, ${STAMP('t.updated_at')} AS stamp, t.suppressed AS deleted, t.doc_code, t.clc_classes
              ${columns}
       FROM bib_record t
       WHERE t.tenant_id = ${tenantId} AND ${bounds('t.updated_at', s)} AND ${setCondition(s.set)} ${marc21Condition(s)}
       ORDER BY t.updated_at, t.record_id
       LIMIT ${limit})
      UNION ALL
      (SELECT t.record_id, ${STAMP('t.deleted_at')} AS stamp, true AS deleted, t.doc_code, t.clc_classes ${nulls}
       FROM oai_tombstone t
       WHERE t.tenant_id = ${tenantId} AND ${bounds('t.deleted_at', s)} AND ${setCondition(s.set)}
       ORDER BY t.deleted_at, t.record_id
       LIMIT ${limit})
    ) page
    ORDER BY stamp, record_id
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => toOaiRow(r, withRecords));
}

/** How many records and tombstones the whole selection holds (a harvest's completeListSize). */
export async function countOai(db: Db, tenantId: number, s: Omit<OaiSelection, 'after'>): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT (SELECT count(*) FROM bib_record t
            WHERE t.tenant_id = ${tenantId} AND ${bounds('t.updated_at', s)} AND ${setCondition(s.set)} ${marc21Condition(s)})::int
         + (SELECT count(*) FROM oai_tombstone t
            WHERE t.tenant_id = ${tenantId} AND ${bounds('t.deleted_at', s)} AND ${setCondition(s.set)})::int AS n`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** One record or tombstone of the institution by id (GetRecord), with its columns. */
export async function findOaiRecord(db: Db, tenantId: number, recordId: number): Promise<OaiRow | undefined> {
  const { rows } = await sql<RawOaiRow>`
    SELECT t.record_id, ${STAMP('t.updated_at')} AS stamp, t.suppressed AS deleted, t.doc_code, t.clc_classes ${RECORD_COLUMNS}
    FROM bib_record t WHERE t.tenant_id = ${tenantId} AND t.record_id = ${recordId}
    UNION ALL
    SELECT t.record_id, ${STAMP('t.deleted_at')} AS stamp, true AS deleted, t.doc_code, t.clc_classes ${NO_RECORD_COLUMNS}
    FROM oai_tombstone t WHERE t.tenant_id = ${tenantId} AND t.record_id = ${recordId}
    LIMIT 1`.execute(db);
  return rows[0] ? toOaiRow(rows[0], true) : undefined;
}

/** The earliest datestamp of the institution's records and tombstones (Identify), or undefined. */
export async function findEarliestDatestamp(db: Db, tenantId: number): Promise<string | undefined> {
  const { rows } = await sql<{ stamp: string | null }>`
    SELECT ${stampOf(sql`least((SELECT min(updated_at) FROM bib_record WHERE tenant_id = ${tenantId}),
      (SELECT min(deleted_at) FROM oai_tombstone WHERE tenant_id = ${tenantId}))`)} AS stamp`.execute(db);
  return rows[0]?.stamp ?? undefined;
}

/** The database's clock now (a harvest's upper bound), ISO UTC with microseconds. */
export async function findOaiNow(db: Db, tenantId: number): Promise<string> {
  const { rows } = await sql<{ stamp: string }>`
    SELECT ${stampOf(sql`clock_timestamp()`)} AS stamp FROM tenant WHERE id = ${tenantId}`.execute(db);
  return rows[0]!.stamp;
}

/** The document types and CLC top classes the institution's records have (ListSets). */
export async function findOaiSetValues(
  db: Db,
  tenantId: number,
): Promise<{ docCodes: string[]; clcLetters: string[] }> {
  const { rows: docs } = await sql<{ v: string }>`
    SELECT DISTINCT doc_code AS v FROM bib_record WHERE tenant_id = ${tenantId} ORDER BY 1`.execute(db);
  const { rows: clc } = await sql<{ v: string }>`
    SELECT DISTINCT left(upper(c), 1) AS v FROM bib_record, unnest(clc_classes) c
    WHERE tenant_id = ${tenantId} AND c ~ '^[A-Za-z]' ORDER BY 1`.execute(db);
  return { docCodes: docs.map((r) => r.v), clcLetters: clc.map((r) => r.v) };
}

/** The sitemap files of the institution's record pages: per file of `size` records, its last change. */
export async function findSitemapChunks(
  db: Db,
  tenantId: number,
  size: number,
): Promise<{ chunk: number; lastmod: string }[]> {
  const { rows } = await sql<{ chunk: number; lastmod: string }>`
    SELECT chunk, ${stampOf(sql`max(updated_at)`)} AS lastmod FROM (
      SELECT ((row_number() OVER (ORDER BY record_id) - 1) / ${size})::int + 1 AS chunk, updated_at
      FROM bib_record WHERE tenant_id = ${tenantId} AND NOT suppressed) x
    GROUP BY chunk ORDER BY chunk`.execute(db);
  return rows;
}

/**
 * Record ids and last changes of one sitemap file (the `chunk`th run of `size` records in id order),
 * read in pages of `page` by id so that no statement holds 50,000 rows.
 */
export async function* findSitemapRecords(
  db: Db,
  tenantId: number,
  chunk: number,
  size: number,
  page = 5000,
): AsyncGenerator<{ recordId: number; lastmod: string }[]> {
  const { rows: start } = await sql<{ record_id: number }>`
    SELECT record_id FROM bib_record WHERE tenant_id = ${tenantId} AND NOT suppressed
    ORDER BY record_id OFFSET ${(chunk - 1) * size} LIMIT 1`.execute(db);
  if (!start[0]) return;
  let after = start[0].record_id - 1;
  let left = size;
  while (left > 0) {
    const want = Math.min(page, left);
    const { rows } = await sql<{ record_id: number; lastmod: string }>`
      SELECT record_id, ${STAMP('updated_at')} AS lastmod FROM bib_record
      WHERE tenant_id = ${tenantId} AND NOT suppressed AND record_id > ${after}
      ORDER BY record_id LIMIT ${want}`.execute(db);
    if (rows.length > 0) yield rows.map((r) => ({ recordId: r.record_id, lastmod: r.lastmod }));
    if (rows.length < want) return;
    left -= rows.length;
    after = rows[rows.length - 1]!.record_id;
  }
}
