import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, RecordCommentTable } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import {
  COLLECTION_STATE,
  DEMO_BOOK_LISTS,
  DEMO_COLLECTIONS,
  DEMO_COMMENTS,
  DEMO_DONATE_NEWS,
  DEMO_READER_NAMES,
} from './demo-discovery-data.js';

/** What the discovery seed wrote for one institution. */
export interface DiscoverySeedReport {
  loans: number;
  ratings: number;
  comments: number;
  collections: number;
  bookLists: number;
  news: number;
}

/** Comments written per institution at most. */
const MAX_COMMENTED_RECORDS = 80;

/**
 * Seeds what the discovery screens show for a demo institution whose catalogue is stored: loan
 * history over the last ten years (the copies on loan lent 60 days before they are due), ratings
 * and comments (mostly approved, some pending or rejected), electronic collections (hot, new and
 * on trial), book lists and donation news. Deterministic: values are drawn from hashes of the
 * records' keys, and written by set-based statements so the first start stays fast.
 */
export async function seedDemoDiscovery(db: Kysely<Database>, tenantId: number): Promise<DiscoverySeedReport> {
  return inTransaction(db, async (trx) => {
    const loans = await seedLoans(trx, tenantId);
    const ratings = await seedRatings(trx, tenantId);
    const comments = await seedComments(trx, tenantId);
    const collections = await seedCollections(trx, tenantId);
    const bookLists = await seedBookLists(trx, tenantId);
    const news = await seedNews(trx, tenantId);
    return { loans, ratings, comments, collections, bookLists, news };
  });
}

/** A number in 0…(mod-1) drawn from text (PostgreSQL's hashtext). */
const draw = (text: ReturnType<typeof sql>, mod: number) => sql`(abs(hashtext(${text})) % ${sql.lit(mod)})`;

async function seedLoans(db: Kysely<Database>, tenantId: number): Promise<number> {
  // The loan behind every copy now on loan: lent 60 days before it is due, never in the future.
  const current = await sql`
    INSERT INTO loan_event (tenant_id, record_id, barcode, lib_code, loan_date, due_date)
    SELECT tenant_id, record_id, barcode, lib_code, least(due_date - 60, current_date), due_date
    FROM item WHERE tenant_id = ${tenantId} AND process_type_code = '412' AND due_date IS NOT NULL`.execute(db);
  // Returned loans of loanable copies: a few copies are lent often, most rarely (a cubic draw
  // of up to 24 loans), recent years more than earlier ones; loans last 3 to 47 days.
  const past = await sql`
    INSERT INTO loan_event (tenant_id, record_id, barcode, lib_code, loan_date, due_date, return_date)
    SELECT i.tenant_id, i.record_id, i.barcode, i.lib_code, d.loan_date, d.loan_date + 60,
           least(d.loan_date + d.days, current_date)
    FROM item i
    CROSS JOIN LATERAL generate_series(1, (power(${draw(sql`i.barcode`, 1000)} / 1000.0, 3) * 24)::int) AS n
    CROSS JOIN LATERAL (
      SELECT current_date - (1 + floor(power(${draw(sql`i.barcode || ':' || n`, 10000)} / 10000.0, 1.7) * 3640))::int
               AS loan_date,
             3 + ${draw(sql`n || ':' || i.barcode`, 45)} AS days
    ) d
    WHERE i.tenant_id = ${tenantId} AND i.circ_attr = '0' AND i.barcode IS NOT NULL`.execute(db);
  // The record's loan count, which search sorts by popularity with.
  await sql`
    UPDATE bib_record b SET loan_count = l.n
    FROM (SELECT record_id, count(*)::int AS n FROM loan_event WHERE tenant_id = ${tenantId} GROUP BY record_id) l
    WHERE b.record_id = l.record_id`.execute(db);
  return Number(current.numAffectedRows ?? 0n) + Number(past.numAffectedRows ?? 0n);
}

async function seedRatings(db: Kysely<Database>, tenantId: number): Promise<number> {
  // About one record in seven is rated by 1 to 30 demo readers; each record leans up or down.
  const res = await sql`
    INSERT INTO record_rating (tenant_id, record_id, reader_id, score, created_at, updated_at)
    SELECT b.tenant_id, b.record_id, r,
           CASE WHEN s.h < 4 THEN 1 WHEN s.h < 10 THEN 2 WHEN s.h < 28 THEN 3 WHEN s.h < 62 THEN 4 ELSE 5 END,
           s.at, s.at
    FROM bib_record b
    CROSS JOIN LATERAL generate_series(1, 1 + ${draw(sql`b.source_key || ':n'`, 30)}) AS r
    CROSS JOIN LATERAL (
      SELECT greatest(0, least(99, ${draw(sql`b.source_key || ':' || r`, 100)} + ${draw(sql`b.source_key || ':lean'`, 61)} - 30)) AS h,
             now() - make_interval(days => ${draw(sql`r || ':' || b.source_key`, 700)}::int) AS at
    ) s
    WHERE b.tenant_id = ${tenantId} AND ${draw(sql`b.source_key || ':rated'`, 7)} = 0`.execute(db);
  return Number(res.numAffectedRows ?? 0n);
}

async function seedComments(db: Kysely<Database>, tenantId: number): Promise<number> {
  // Comments by the readers who rated, on the most rated records.
  const rated = await sql<{ record_id: number; readers: number[]; scores: number[] }>`
    SELECT record_id, array_agg(reader_id ORDER BY reader_id) AS readers, array_agg(score ORDER BY reader_id) AS scores
    FROM record_rating WHERE tenant_id = ${tenantId}
    GROUP BY record_id ORDER BY count(*) DESC, record_id LIMIT ${MAX_COMMENTED_RECORDS}`.execute(db);
  const rows: Array<Insertable<RecordCommentTable>> = [];
  let n = 0;
  const day = 86_400_000;
  for (const r of rated.rows) {
    const count = 1 + (r.record_id % 3);
    for (let k = 0; k < count && k < r.readers.length; k++, n++) {
      const score = r.scores[k]!;
      // A text that goes with the reader's score.
      const fitting = DEMO_COMMENTS.filter(([, s]) => Math.abs(s - score) <= 1);
      const [text] = fitting[(r.record_id + k) % fitting.length] ?? DEMO_COMMENTS[0]!;
      rows.push({
        tenant_id: tenantId,
        record_id: r.record_id,
        reader_id: r.readers[k]!,
        reader_name: DEMO_READER_NAMES[(r.record_id + k * 7) % DEMO_READER_NAMES.length]!,
        content: text,
        status: n % 11 === 5 ? 'pending' : n % 13 === 8 ? 'rejected' : 'approved',
        created_at: new Date(Date.now() - ((r.record_id * 37 + k * 11) % 600) * day - k * 3_600_000).toISOString(),
      });
    }
  }
  if (rows.length) await db.insertInto('record_comment').values(rows).execute();
  await sql`UPDATE record_comment SET moderated_at = created_at + interval '1 day', moderated_by = 'demo'
            WHERE tenant_id = ${tenantId} AND status <> 'pending'`.execute(db);
  return rows.length;
}

async function seedCollections(db: Kysely<Database>, tenantId: number): Promise<number> {
  const today = Date.now();
  const date = (days: number) => new Date(today + days * 86_400_000).toISOString().slice(0, 10);
  await db
    .insertInto('e_collection')
    .values(
      DEMO_COLLECTIONS.map(([name, nameTw, nameEn, description, descriptionEn, url, subjects], seq) => {
        const [added, trial, visits] = COLLECTION_STATE[seq]!;
        return {
          tenant_id: tenantId,
          name,
          name_tw: nameTw,
          name_en: nameEn,
          description,
          description_en: descriptionEn,
          url,
          subjects,
          added_on: date(-added),
          trial_until: trial === null ? null : date(trial),
          visit_count: visits,
          seq,
        };
      }),
    )
    .execute();
  return DEMO_COLLECTIONS.length;
}

async function seedBookLists(db: Kysely<Database>, tenantId: number): Promise<number> {
  let made = 0;
  for (const list of DEMO_BOOK_LISTS) {
    const { id } = await db
      .insertInto('book_list')
      .values({
        tenant_id: tenantId,
        name: list.names[0],
        name_tw: list.names[1],
        name_en: list.names[2],
        description: list.description[0],
        description_en: list.description[1],
        view_count: list.views,
        created_at: new Date(Date.now() - list.createdDaysAgo * 86_400_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The most borrowed records of the list's classes, one edition per title.
    const patterns = list.classes.map((c) => `${c}%`);
    const res = await sql`
      INSERT INTO book_list_record (book_list_id, record_id, seq, note)
      SELECT ${id}, record_id, row_number() OVER (ORDER BY loan_count DESC, record_id), ''
      FROM (
        SELECT DISTINCT ON (title) record_id, loan_count FROM bib_record
        WHERE tenant_id = ${tenantId} AND EXISTS (SELECT 1 FROM unnest(clc_classes) c WHERE c LIKE ANY(${patterns}::text[]))
        ORDER BY title, loan_count DESC, record_id
      ) r
      ORDER BY loan_count DESC, record_id
      LIMIT 15`.execute(db);
    if (Number(res.numAffectedRows ?? 0n) === 0) await db.deleteFrom('book_list').where('id', '=', id).execute();
    else made++;
  }
  return made;
}

async function seedNews(db: Kysely<Database>, tenantId: number): Promise<number> {
  await db
    .insertInto('donate_news')
    .values(
      DEMO_DONATE_NEWS.map(([title, titleEn, content, contentEn, donor, copies, remark, daysAgo]) => ({
        tenant_id: tenantId,
        title,
        title_en: titleEn,
        content,
        content_en: contentEn,
        donor_name: donor,
        copies,
        remark,
        published_on: new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10),
      })),
    )
    .execute();
  return DEMO_DONATE_NEWS.length;
}
