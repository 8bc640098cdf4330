import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';
import { FOLD_NAME_SQL } from './marc-fields.js';

/**
 * Departments, researchers, their works and the institution's theses (migration 0053). Every
 * function is scoped by institution: an id of another institution's department, researcher or
 * record names nothing here.
 */

type Db = Kysely<Database>;

/** A LIKE pattern finding `q` (lower case) anywhere, its wildcards taken literally. */
const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c)}%`;

export interface DepartmentRow {
  id: number;
  code: string;
  name: string;
  name_tw: string;
  name_en: string;
  description: string;
  description_en: string;
  discode1: string[];
  clc_classes: string[];
  liaison_name: string;
  liaison_email: string;
  liaison_phone: string;
  books: number;
  databases: number;
  researchers: number;
  theses: number;
}

/** Readers' records of a department's CLC classes (theses are a tab of their own). */
const BOOKS_OF = (d: string) =>
  sql.raw(
    `b.tenant_id = ${d}.tenant_id AND NOT b.suppressed AND b.doc_code <> '3' AND b.class_prefixes && ${d}.clc_classes`,
  );

/** The departments in the library's order, each with its counts; `q` in a name or code. */
export async function findDepartments(db: Db, tenantId: number, q: string, id?: number): Promise<DepartmentRow[]> {
  const like = likeOf(q);
  const { rows } = await sql<DepartmentRow>`
    SELECT d.id, d.code, d.name, d.name_tw, d.name_en, d.description, d.description_en, d.discode1, d.clc_classes,
           d.liaison_name, d.liaison_email, d.liaison_phone,
           (SELECT count(*)::int FROM bib_record b WHERE ${BOOKS_OF('d')}) AS books,
           (SELECT count(*)::int FROM e_collection e
              WHERE e.tenant_id = d.tenant_id AND NOT e.hidden AND e.subjects && d.discode1) AS databases,
           (SELECT count(*)::int FROM researcher r WHERE r.tenant_id = d.tenant_id AND r.department_id = d.id) AS researchers,
           (SELECT count(*)::int FROM thesis t JOIN bib_record b ON b.record_id = t.record_id AND NOT b.suppressed
              WHERE t.tenant_id = d.tenant_id AND t.department_id = d.id) AS theses
    FROM department d
    WHERE d.tenant_id = ${tenantId}
      ${id === undefined ? sql`` : sql`AND d.id = ${id}`}
      ${q ? sql`AND (lower(d.name || ' ' || d.name_tw || ' ' || d.name_en || ' ' || d.code) LIKE ${like})` : sql``}
    ORDER BY d.seq, d.id
    LIMIT 500`.execute(db);
  return rows;
}

/** Names of the institution's departments, for reading a thesis's or an author's unit. */
export async function findDepartmentNames(
  db: Db,
  tenantId: number,
): Promise<Array<{ id: number; code: string; name: string; name_tw: string; name_en: string }>> {
  const { rows } = await sql<{ id: number; code: string; name: string; name_tw: string; name_en: string }>`
    SELECT id, code, name, name_tw, name_en FROM department WHERE tenant_id = ${tenantId} ORDER BY seq, id`.execute(db);
  return rows;
}

export interface RecordRow {
  record_id: number;
  title: string;
  author: string;
  publisher: string | null;
  publish_year: string | null;
  doc_code: string;
  clc: string | null;
  physical_count: number;
  on_shelf_count: number;
  e_count: number;
  loan_count: number;
}

const RECORD_COLUMNS = sql.raw(`b.record_id, b.title, b.author, b.publisher, b.publish_year, b.doc_code,
  b.clc_classes[1] AS clc, b.physical_count, b.on_shelf_count, b.e_count, b.loan_count`);

/** A page of the records of CLC classes (prefixes, upper case): newest in or most borrowed first. */
export function findClassRecords(
  db: Db,
  tenantId: number,
  classes: string[],
  order: 'new' | 'hot',
  offset: number,
  rows: number,
): Promise<{ total: number; rows: Array<RecordRow & { in_date: string | null }> }> {
  const select = sql`
    SELECT ${RECORD_COLUMNS}, to_char(b.first_in_date, 'YYYY-MM-DD') AS in_date
    FROM bib_record b
    WHERE b.tenant_id = ${tenantId} AND NOT b.suppressed AND b.doc_code <> '3' AND b.class_prefixes && ${classes}::text[]`;
  return findPage(
    db,
    select,
    order === 'new'
      ? sql`in_date DESC NULLS LAST, record_id DESC`
      : sql`loan_count DESC, in_date DESC NULLS LAST, record_id DESC`,
    offset,
    rows,
  );
}

/** Records of the institution by id (readers' records only), in no order. */
export async function findRecordsByIds(db: Db, tenantId: number, ids: number[]): Promise<RecordRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<RecordRow>`
    SELECT ${RECORD_COLUMNS} FROM bib_record b
    WHERE b.tenant_id = ${tenantId} AND NOT b.suppressed AND b.record_id = ANY(${ids}::int[])`.execute(db);
  return rows;
}

/** Whether the institution has the record (suppressed ones too: staff may decide on them). */
export async function recordExists(db: Db, tenantId: number, recordId: number): Promise<boolean> {
  const { rows } =
    await sql`SELECT 1 FROM bib_record WHERE tenant_id = ${tenantId} AND record_id = ${recordId}`.execute(db);
  return rows.length > 0;
}

export interface DatabaseRow {
  id: number;
  name: string;
  name_tw: string;
  name_en: string;
  description: string;
  description_en: string;
  url: string;
  access_kind: string;
  subjects: string[];
}

/** A page of the databases of subjects (discode1 codes), in the library's order. */
export function findSubjectDatabases(
  db: Db,
  tenantId: number,
  subjects: string[],
  offset: number,
  rows: number,
): Promise<{ total: number; rows: DatabaseRow[] }> {
  const select = sql`
    SELECT id, name, name_tw, name_en, description, description_en, url, access_kind, subjects, seq
    FROM e_collection WHERE tenant_id = ${tenantId} AND NOT hidden AND subjects && ${subjects}::text[]`;
  return findPage(db, select, sql`seq, id`, offset, rows);
}

export interface ResearcherRow {
  id: number;
  code: string;
  name: string;
  name_en: string;
  department_id: number | null;
  title: string;
  fields: string[];
  orcid: string;
  homepage: string;
  name_variants: string[];
  dept_name: string | null;
  dept_name_tw: string | null;
  dept_name_en: string | null;
}

const RESEARCHERS = (tenantId: number) => sql`
  SELECT r.id, r.code, r.name, r.name_en, r.department_id, r.title, r.fields, r.orcid, r.homepage, r.name_variants,
         r.seq, d.name AS dept_name, d.name_tw AS dept_name_tw, d.name_en AS dept_name_en,
         CASE WHEN upper(left(r.name_en, 1)) BETWEEN 'A' AND 'Z' THEN upper(left(r.name_en, 1)) ELSE '#' END AS initial
  FROM researcher r LEFT JOIN department d ON d.id = r.department_id AND d.tenant_id = r.tenant_id
  WHERE r.tenant_id = ${tenantId}`;

/** Every researcher of the institution (the matching of works runs over all of them). */
export async function findAllResearchers(db: Db, tenantId: number): Promise<ResearcherRow[]> {
  const { rows } = await sql<ResearcherRow>`${RESEARCHERS(tenantId)} ORDER BY r.id`.execute(db);
  return rows;
}

export interface ResearcherFilter {
  q: string;
  departmentId?: number;
  initial: string;
}

/** The researchers a filter gives (`initial` aside), with their letters. */
export async function findResearchers(
  db: Db,
  tenantId: number,
  filter: ResearcherFilter,
): Promise<Array<ResearcherRow & { initial: string }>> {
  const like = likeOf(filter.q);
  const { rows } = await sql<ResearcherRow & { initial: string }>`
    SELECT * FROM (${RESEARCHERS(tenantId)}) m
    WHERE TRUE
      ${filter.departmentId === undefined ? sql`` : sql`AND department_id = ${filter.departmentId}`}
      ${
        filter.q
          ? sql`AND lower(name || ' ' || name_en || ' ' || title || ' ' || array_to_string(fields, ' ') || ' ' ||
                array_to_string(name_variants, ' ')) LIKE ${like}`
          : sql``
      }
    ORDER BY initial, lower(name_en), seq, id
    LIMIT 5000`.execute(db);
  return rows;
}

export interface NameMatch {
  rid: number;
  record_id: number;
  /** The record's author name that is the form (as the record writes it). */
  author: string;
  marc: string | null;
}

/**
 * Records whose author names, folded as `foldName` folds them, equal one of the forms given (each
 * with the researcher it stands for); a row per author name that matched, with the kept MARC, which
 * says where the authors work.
 */
export async function findNameMatches(
  db: Db,
  tenantId: number,
  forms: Array<{ rid: number; form: string }>,
): Promise<NameMatch[]> {
  if (!forms.length) return [];
  const { rows } = await sql<NameMatch>`
    SELECT DISTINCT f.rid, b.record_id, a.name AS author, b.marc
    FROM bib_record b
    CROSS JOIN LATERAL unnest(b.authors) AS a(name)
    JOIN jsonb_to_recordset(${JSON.stringify(forms)}::jsonb) AS f(rid int, form text)
      ON ${sql.raw(FOLD_NAME_SQL('a.name'))} = f.form
    WHERE b.tenant_id = ${tenantId} AND NOT b.suppressed`.execute(db);
  return rows;
}

export interface WorkDecisionRow {
  researcher_id: number;
  record_id: number;
  decision: 'claimed' | 'excluded';
  decided_by: string;
  /** ISO 8601. */
  decided_at: string;
}

/** Staff decisions on researchers' works (on readers' records: a suppressed record is no one's work while it is). */
export async function findWorkDecisions(db: Db, tenantId: number): Promise<WorkDecisionRow[]> {
  const { rows } = await sql<WorkDecisionRow>`
    SELECT w.researcher_id, w.record_id, w.decision, w.decided_by,
           to_char(w.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS decided_at
    FROM researcher_work w JOIN bib_record b ON b.record_id = w.record_id AND b.tenant_id = w.tenant_id
    WHERE w.tenant_id = ${tenantId} AND NOT b.suppressed`.execute(db);
  return rows;
}

/**
 * Records a staff decision on a work (or removes it: the rule applies again); whether anything
 * changed. The same decision again leaves the row as it was (its author and date too), so a double
 * click or a second tab's click changes nothing.
 */
export async function saveWorkDecision(
  db: Db,
  tenantId: number,
  researcherId: number,
  recordId: number,
  decision: 'claimed' | 'excluded' | 'clear',
  by: string,
): Promise<boolean> {
  if (decision === 'clear') {
    const { rows } = await sql`DELETE FROM researcher_work
      WHERE tenant_id = ${tenantId} AND researcher_id = ${researcherId} AND record_id = ${recordId}
      RETURNING 1`.execute(db);
    return rows.length > 0;
  }
  const { rows } = await sql`
    INSERT INTO researcher_work (tenant_id, researcher_id, record_id, decision, decided_by)
    SELECT ${tenantId}, r.id, b.record_id, ${decision}, ${by}
    FROM researcher r JOIN bib_record b ON b.tenant_id = r.tenant_id AND b.record_id = ${recordId}
    WHERE r.tenant_id = ${tenantId} AND r.id = ${researcherId}
    ON CONFLICT (researcher_id, record_id)
    DO UPDATE SET decision = EXCLUDED.decision, decided_by = EXCLUDED.decided_by, decided_at = now()
      WHERE researcher_work.decision <> EXCLUDED.decision
    RETURNING 1`.execute(db);
  return rows.length > 0;
}

/* ---- Theses ---- */

export interface ThesisPolicyRow {
  default_access: 'open' | 'campus' | 'none';
  institution_names: string[];
}

/** The institution's thesis rule, or the default (campus only, its own names). */
export async function findThesisPolicy(db: Db, tenantId: number): Promise<ThesisPolicyRow> {
  const { rows } = await sql<ThesisPolicyRow>`
    SELECT default_access, institution_names FROM thesis_policy WHERE tenant_id = ${tenantId}`.execute(db);
  return rows[0] ?? { default_access: 'campus', institution_names: [] };
}

/** Sets the institution's thesis rule. */
export async function saveThesisPolicy(db: Db, tenantId: number, policy: ThesisPolicyRow): Promise<void> {
  await sql`
    INSERT INTO thesis_policy (tenant_id, default_access, institution_names)
    VALUES (${tenantId}, ${policy.default_access}, ${policy.institution_names}::text[])
    ON CONFLICT (tenant_id) DO UPDATE SET default_access = EXCLUDED.default_access,
      institution_names = EXCLUDED.institution_names`.execute(db);
}

/** Sets a thesis's own full-text rule (the record must be the institution's). */
export async function saveThesisAccess(
  db: Db,
  tenantId: number,
  recordId: number,
  access: { access: 'open' | 'campus' | 'none'; embargoUntil: string | null; url: string },
): Promise<void> {
  await sql`
    INSERT INTO thesis_access (record_id, tenant_id, access, embargo_until, full_text_url)
    SELECT record_id, tenant_id, ${access.access}, ${access.embargoUntil}::date, ${access.url}
    FROM bib_record WHERE tenant_id = ${tenantId} AND record_id = ${recordId}
    ON CONFLICT (record_id) DO UPDATE SET access = EXCLUDED.access, embargo_until = EXCLUDED.embargo_until,
      full_text_url = EXCLUDED.full_text_url`.execute(db);
}

/** The institution's name in its three languages. */
export async function findTenantNames(db: Db, tenantId: number): Promise<string[]> {
  const row = await db
    .selectFrom('tenant')
    .select(['name', 'name_tw', 'name_en'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return row ? [row.name, row.name_tw, row.name_en].filter(Boolean) : [];
}

export interface ThesisSource {
  record_id: number;
  title: string;
  authors: string[];
  subjects: string[];
  publish_year_int: number | null;
  marc: string | null;
  updated_at: string;
}

/**
 * Thesis records (docCode 3, readers') changed since the thesis table read them, or not read yet:
 * at most `limit`, oldest change first.
 */
export async function findStaleTheses(db: Db, tenantId: number, limit: number): Promise<ThesisSource[]> {
  const { rows } = await sql<ThesisSource>`
    SELECT b.record_id, b.title, b.authors, b.subjects, b.publish_year_int, b.marc, b.updated_at::text AS updated_at
    FROM bib_record b LEFT JOIN thesis t ON t.record_id = b.record_id
    WHERE b.tenant_id = ${tenantId} AND b.doc_code = '3' AND (t.record_id IS NULL OR t.record_updated_at < b.updated_at)
    ORDER BY b.updated_at LIMIT ${limit}`.execute(db);
  return rows;
}

/** Drops thesis rows of records that are no thesis any more (a record corrected). */
export async function dropFormerTheses(db: Db, tenantId: number): Promise<void> {
  await sql`DELETE FROM thesis t USING bib_record b
    WHERE t.tenant_id = ${tenantId} AND b.record_id = t.record_id AND b.doc_code <> '3'`.execute(db);
}

export interface ThesisWrite {
  recordId: number;
  degree: string | null;
  discipline: string;
  supervisor: string;
  year: number | null;
  institution: string;
  departmentId: number | null;
  keywords: string[];
  searchText: string;
  recordUpdatedAt: string;
  /** Not the institution's own (another university's thesis the library holds): no row. */
  local: boolean;
}

/** Writes what was read of thesis records (a record not the institution's own is removed). */
export async function saveTheses(db: Db, tenantId: number, rows: ThesisWrite[]): Promise<void> {
  for (const r of rows) {
    if (!r.local) {
      // Kept as read, with no department, so it is not read again until it changes; the search leaves it out.
      await sql`
        INSERT INTO thesis (record_id, tenant_id, degree, institution, record_updated_at, search_text)
        VALUES (${r.recordId}, ${tenantId}, ${r.degree}, ${r.institution}, ${r.recordUpdatedAt}::timestamptz, '')
        ON CONFLICT (record_id) DO UPDATE SET degree = EXCLUDED.degree, institution = EXCLUDED.institution,
          department_id = NULL, record_updated_at = EXCLUDED.record_updated_at, search_text = ''`.execute(db);
      continue;
    }
    await sql`
      INSERT INTO thesis (record_id, tenant_id, degree, discipline, supervisor, year, institution, department_id,
                          keywords, search_text, record_updated_at)
      VALUES (${r.recordId}, ${tenantId}, ${r.degree}, ${r.discipline}, ${r.supervisor}, ${r.year}, ${r.institution},
              ${r.departmentId}, ${r.keywords}::text[], ${r.searchText}, ${r.recordUpdatedAt}::timestamptz)
      ON CONFLICT (record_id) DO UPDATE SET degree = EXCLUDED.degree, discipline = EXCLUDED.discipline,
        supervisor = EXCLUDED.supervisor, year = EXCLUDED.year, institution = EXCLUDED.institution,
        department_id = EXCLUDED.department_id, keywords = EXCLUDED.keywords, search_text = EXCLUDED.search_text,
        record_updated_at = EXCLUDED.record_updated_at`.execute(db);
  }
}

export interface ThesisFilter {
  q: string;
  field: 'all' | 'title' | 'author' | 'supervisor' | 'keyword';
  degree?: string;
  year?: number;
  departmentId?: number;
}

export interface ThesisRow {
  record_id: number;
  title: string;
  authors: string[];
  degree: string | null;
  discipline: string;
  supervisor: string;
  year: number | null;
  department_id: number | null;
  keywords: string[];
  access: 'open' | 'campus' | 'none' | null;
  embargo_until: string | null;
  full_text_url: string;
  links: string;
}

/** The WHERE of a thesis search, `skip` being the filter a facet counts across. */
function thesisWhere(tenantId: number, f: ThesisFilter, skip?: 'degree' | 'year' | 'department') {
  const like = likeOf(f.q);
  const text =
    f.field === 'title'
      ? sql`lower(b.title)`
      : f.field === 'author'
        ? sql`lower(array_to_string(b.authors, ' '))`
        : f.field === 'supervisor'
          ? sql`lower(t.supervisor)`
          : f.field === 'keyword'
            ? sql`lower(array_to_string(t.keywords, ' '))`
            : sql`t.search_text`;
  return sql`t.tenant_id = ${tenantId} AND b.tenant_id = ${tenantId} AND NOT b.suppressed AND t.search_text <> ''
    ${f.q ? sql`AND ${text} LIKE ${like}` : sql``}
    ${f.degree && skip !== 'degree' ? sql`AND t.degree = ${f.degree}` : sql``}
    ${f.year !== undefined && skip !== 'year' ? sql`AND t.year = ${f.year}` : sql``}
    ${f.departmentId !== undefined && skip !== 'department' ? sql`AND t.department_id = ${f.departmentId}` : sql``}`;
}

/** A page of the institution's theses a search gives. */
export function searchTheses(
  db: Db,
  tenantId: number,
  f: ThesisFilter,
  sort: 'new' | 'title',
  offset: number,
  rows: number,
): Promise<{ total: number; rows: ThesisRow[] }> {
  const select = sql`
    SELECT b.record_id, b.title, b.authors, b.title_sort, t.degree, t.discipline, t.supervisor, t.year, t.department_id,
           t.keywords, a.access, to_char(a.embargo_until, 'YYYY-MM-DD') AS embargo_until,
           coalesce(a.full_text_url, '') AS full_text_url, b.links::text AS links
    FROM thesis t JOIN bib_record b ON b.record_id = t.record_id
    LEFT JOIN thesis_access a ON a.record_id = t.record_id AND a.tenant_id = t.tenant_id
    WHERE ${thesisWhere(tenantId, f)}`;
  return findPage(
    db,
    select,
    // Newest first, fully described ones (their degree read) before the others of a year.
    sort === 'title' ? sql`title_sort, record_id` : sql`year DESC NULLS LAST, (degree IS NULL), record_id DESC`,
    offset,
    rows,
  );
}

/** Counts of a thesis search by degree, year and department, each across the other filters. */
export async function thesisFacets(
  db: Db,
  tenantId: number,
  f: ThesisFilter,
): Promise<{
  degree: Array<{ code: string; n: number }>;
  year: Array<{ code: string; n: number }>;
  department: Array<{ code: string; n: number }>;
}> {
  const count = async (column: string, skip: 'degree' | 'year' | 'department') => {
    const { rows } = await sql<{ code: string; n: number }>`
      SELECT ${sql.raw(`t.${column}`)}::text AS code, count(*)::int AS n
      FROM thesis t JOIN bib_record b ON b.record_id = t.record_id
      WHERE ${thesisWhere(tenantId, f, skip)} AND ${sql.raw(`t.${column}`)} IS NOT NULL
      GROUP BY 1 ORDER BY ${sql.raw(column === 'year' ? '1 DESC' : '2 DESC, 1')} LIMIT 30`.execute(db);
    return rows;
  };
  const [degree, year, department] = [
    await count('degree', 'degree'),
    await count('year', 'year'),
    await count('department_id', 'department'),
  ];
  return { degree, year, department };
}

/* ---- The loaders ---- */

export interface DepartmentWrite {
  code: string;
  name: string;
  nameTw: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  discode1: string[];
  clcClasses: string[];
  liaisonName: string;
  liaisonEmail: string;
  liaisonPhone: string;
  seq: number;
}

/** Adds or updates departments by code; how many were added. */
export async function upsertDepartments(db: Db, tenantId: number, rows: DepartmentWrite[]): Promise<number> {
  let added = 0;
  for (const d of rows) {
    const { rows: out } = await sql<{ added: boolean }>`
      INSERT INTO department (tenant_id, code, name, name_tw, name_en, description, description_en, discode1, clc_classes,
                              liaison_name, liaison_email, liaison_phone, seq)
      VALUES (${tenantId}, ${d.code}, ${d.name}, ${d.nameTw}, ${d.nameEn}, ${d.description}, ${d.descriptionEn},
              ${d.discode1}::text[], ${d.clcClasses}::text[], ${d.liaisonName}, ${d.liaisonEmail}, ${d.liaisonPhone}, ${d.seq})
      ON CONFLICT (tenant_id, code) DO UPDATE SET name = EXCLUDED.name, name_tw = EXCLUDED.name_tw,
        name_en = EXCLUDED.name_en, description = EXCLUDED.description, description_en = EXCLUDED.description_en,
        discode1 = EXCLUDED.discode1, clc_classes = EXCLUDED.clc_classes, liaison_name = EXCLUDED.liaison_name,
        liaison_email = EXCLUDED.liaison_email, liaison_phone = EXCLUDED.liaison_phone, seq = EXCLUDED.seq,
        updated_at = now()
      RETURNING (xmax = 0) AS added`.execute(db);
    if (out[0]?.added) added++;
  }
  // Theses are read again: a new department may be the one they name.
  await sql`UPDATE thesis SET record_updated_at = '-infinity' WHERE tenant_id = ${tenantId}`.execute(db);
  return added;
}

export interface ResearcherWrite {
  code: string;
  name: string;
  nameEn: string;
  departmentCode: string;
  title: string;
  fields: string[];
  orcid: string;
  homepage: string;
  nameVariants: string[];
  seq: number;
}

/** Adds or updates researchers by code (their department by its code); how many were added. */
export async function upsertResearchers(db: Db, tenantId: number, rows: ResearcherWrite[]): Promise<number> {
  let added = 0;
  for (const r of rows) {
    const { rows: out } = await sql<{ added: boolean }>`
      INSERT INTO researcher (tenant_id, code, name, name_en, department_id, title, fields, orcid, homepage, name_variants, seq)
      VALUES (${tenantId}, ${r.code}, ${r.name}, ${r.nameEn},
              (SELECT id FROM department WHERE tenant_id = ${tenantId} AND code = ${r.departmentCode}),
              ${r.title}, ${r.fields}::text[], ${r.orcid}, ${r.homepage}, ${r.nameVariants}::text[], ${r.seq})
      ON CONFLICT (tenant_id, code) DO UPDATE SET name = EXCLUDED.name, name_en = EXCLUDED.name_en,
        department_id = EXCLUDED.department_id, title = EXCLUDED.title, fields = EXCLUDED.fields,
        orcid = EXCLUDED.orcid, homepage = EXCLUDED.homepage, name_variants = EXCLUDED.name_variants,
        seq = EXCLUDED.seq, updated_at = now()
      RETURNING (xmax = 0) AS added`.execute(db);
    if (out[0]?.added) added++;
  }
  return added;
}

/** The codes of the institution's departments. */
export async function findDepartmentCodes(db: Db, tenantId: number): Promise<Set<string>> {
  const { rows } = await sql<{ code: string }>`SELECT code FROM department WHERE tenant_id = ${tenantId}`.execute(db);
  return new Set(rows.map((r) => r.code));
}

/** The home page's figures: departments, researchers, and the theses table's theses of records readers see. */
export async function countSubjectFigures(
  db: Db,
  tenantId: number,
): Promise<{ departments: number; researchers: number; theses: number }> {
  const { rows } = await sql<{ departments: number; researchers: number; theses: number }>`SELECT
      (SELECT count(*)::int FROM department WHERE tenant_id = ${tenantId}) AS departments,
      (SELECT count(*)::int FROM researcher WHERE tenant_id = ${tenantId}) AS researchers,
      (SELECT count(*)::int FROM thesis t JOIN bib_record b ON b.record_id = t.record_id AND b.tenant_id = ${tenantId}
        WHERE t.tenant_id = ${tenantId} AND NOT b.suppressed) AS theses`.execute(db);
  return rows[0]!;
}
