import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { escapeLike } from './search-text.js';

/** A vocabulary entry: kind t title, a author, s subject, w word. */
export interface TermRow {
  kind: 't' | 'a' | 's' | 'w';
  term: string;
  display: string;
  pinyin: string | null;
  initials: string | null;
  doc_count: number;
}

/** What the last vocabulary build of a tenant was made from. */
export interface VocabularyBuild {
  build_id: number;
  record_count: number;
  last_updated_at: string | null;
}

/** The tenant's last vocabulary build, if any. */
export async function findVocabularyBuild(
  db: Kysely<Database>,
  tenantId: number,
): Promise<VocabularyBuild | undefined> {
  const { rows } = await sql<VocabularyBuild>`
    SELECT build_id, record_count, to_char(last_updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS last_updated_at
    FROM search_term_build WHERE tenant_id = ${tenantId}`.execute(db);
  return rows[0];
}

/** The state of the tenant's catalogue the vocabulary depends on. */
export async function findCatalogueState(
  db: Kysely<Database>,
  tenantId: number,
): Promise<{ record_count: number; last_updated_at: string | null }> {
  const { rows } = await sql<{ record_count: number; last_updated_at: string | null }>`
    SELECT count(*)::int AS record_count,
           to_char(max(updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS last_updated_at
    FROM bib_record WHERE tenant_id = ${tenantId}`.execute(db);
  return rows[0]!;
}

/** A batch of records' texts the vocabulary is made of, in record id order after `afterId`. */
export async function findRecordTexts(
  db: Kysely<Database>,
  tenantId: number,
  afterId: number,
  limit: number,
): Promise<Array<{ record_id: number; title: string; authors: string[]; subjects: string[] }>> {
  return (
    db
      .selectFrom('bib_record')
      .select(['record_id', 'title', 'authors', 'subjects'])
      .where('tenant_id', '=', tenantId)
      // The words of records suppressed by staff are not suggested to readers.
      .where('suppressed', '=', false)
      .where('record_id', '>', afterId)
      .orderBy('record_id')
      .limit(limit)
      .execute()
  );
}

/** Writes vocabulary entries of a build (new ones added, known ones updated). */
export async function upsertTerms(
  db: Kysely<Database>,
  tenantId: number,
  buildId: number,
  rows: TermRow[],
): Promise<void> {
  if (!rows.length) return;
  const col = <K extends keyof TermRow>(k: K) => rows.map((r) => r[k]);
  await sql`
    INSERT INTO search_term (tenant_id, kind, term, display, pinyin, initials, doc_count, build_id)
    SELECT ${tenantId}, k, t, d, p, i, n, ${buildId}
    FROM unnest(${col('kind')}::text[], ${col('term')}::text[], ${col('display')}::text[], ${col('pinyin')}::text[],
                ${col('initials')}::text[], ${col('doc_count')}::int[]) AS x(k, t, d, p, i, n)
    ON CONFLICT (tenant_id, kind, term) DO UPDATE SET
      display = excluded.display, pinyin = excluded.pinyin, initials = excluded.initials,
      doc_count = excluded.doc_count, build_id = excluded.build_id`.execute(db);
}

/** Ends a build: removes entries earlier builds wrote and records what the build was made from. */
export async function finishVocabularyBuild(
  db: Kysely<Database>,
  tenantId: number,
  build: VocabularyBuild,
): Promise<void> {
  await sql`DELETE FROM search_term WHERE tenant_id = ${tenantId} AND build_id <> ${build.build_id}`.execute(db);
  await sql`
    INSERT INTO search_term_build (tenant_id, build_id, record_count, last_updated_at, built_at)
    VALUES (${tenantId}, ${build.build_id}, ${build.record_count}, ${build.last_updated_at}::timestamp AT TIME ZONE 'UTC', now())
    ON CONFLICT (tenant_id) DO UPDATE SET build_id = excluded.build_id, record_count = excluded.record_count,
      last_updated_at = excluded.last_updated_at, built_at = excluded.built_at`.execute(db);
}

const trigramSchemas = new WeakMap<Kysely<Database>, Promise<string>>();

/** The schema pg_trgm lives in (migration 0003 chooses it), quoted for SQL. */
function trgm(db: Kysely<Database>): Promise<string> {
  let schema = trigramSchemas.get(db);
  if (!schema) {
    schema = sql<{
      s: string;
    }>`SELECT extnamespace::regnamespace::text AS s FROM pg_extension WHERE extname = 'pg_trgm'`
      .execute(db)
      .then((r) => r.rows[0]?.s ?? 'public');
    schema.catch(() => trigramSchemas.delete(db));
    trigramSchemas.set(db, schema);
  }
  return schema;
}

/** Whether the vocabulary has `term` (of one of `kinds`). */
export async function hasTerm(db: Kysely<Database>, tenantId: number, kinds: string[], term: string): Promise<boolean> {
  const { rows } = await sql`
    SELECT 1 FROM search_term WHERE tenant_id = ${tenantId} AND kind = ANY(${kinds}::text[]) AND term = ${term} LIMIT 1`.execute(
    db,
  );
  return rows.length > 0;
}

/** Entries of `kinds` similar to `text` (trigram similarity ≥ 0.3), most similar and most common first. */
export async function findSimilarTerms(
  db: Kysely<Database>,
  tenantId: number,
  kinds: string[],
  text: string,
  limit: number,
): Promise<Array<{ term: string; display: string; sim: number; doc_count: number }>> {
  const s = sql.raw(await trgm(db));
  const { rows } = await sql<{ term: string; display: string; sim: number; doc_count: number }>`
    SELECT term, display, ${s}.similarity(term, ${text}) AS sim, doc_count
    FROM search_term
    WHERE tenant_id = ${tenantId} AND kind = ANY(${kinds}::text[]) AND term OPERATOR(${s}.%) ${text} AND term <> ${text}
    ORDER BY sim DESC, doc_count DESC, term
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** Entries whose folded text, pinyin or pinyin initials start with `prefix`, most common first. */
export async function findTermsByPrefix(
  db: Kysely<Database>,
  tenantId: number,
  prefix: string,
  opts: { kinds: string[]; pinyin: boolean; limit: number },
): Promise<TermRow[]> {
  const like = `${escapeLike(prefix)}%`;
  const { rows } = await sql<TermRow>`
    SELECT kind, term, display, pinyin, initials, doc_count FROM (
      SELECT * FROM search_term
      WHERE tenant_id = ${tenantId} AND term LIKE ${like} AND kind = ANY(${opts.kinds}::text[])
      ORDER BY doc_count DESC LIMIT ${opts.limit}
    ) a
    ${
      opts.pinyin
        ? sql`UNION
    SELECT kind, term, display, pinyin, initials, doc_count FROM (
      SELECT * FROM search_term
      WHERE tenant_id = ${tenantId} AND pinyin LIKE ${like} AND kind = ANY(${opts.kinds}::text[])
      ORDER BY doc_count DESC LIMIT ${opts.limit}
    ) b
    UNION
    SELECT kind, term, display, pinyin, initials, doc_count FROM (
      SELECT * FROM search_term
      WHERE tenant_id = ${tenantId} AND initials LIKE ${like} AND kind = ANY(${opts.kinds}::text[])
      ORDER BY doc_count DESC LIMIT ${opts.limit}
    ) c`
        : sql``
    }
    ORDER BY doc_count DESC, term
    LIMIT ${opts.limit}`.execute(db);
  return rows;
}
