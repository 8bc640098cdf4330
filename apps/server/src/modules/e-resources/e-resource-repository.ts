import { sql, type Kysely } from 'kysely';
import type { DbAccessKind, TrialFeedbackStatus } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';
import type { KbartTitle } from './kbart.js';

/**
 * Databases (e_collection) as the navigation reads them, their visits per day, trial feedback, the
 * institution's proxy and campus networks, and KBART title lines (e_title). Every function is scoped
 * by institution; a reader's feedback by reader too.
 */

/** A database as the navigation reads it (dates as YYYY-MM-DD). */
export interface DbRow {
  id: number;
  name: string;
  name_en: string;
  name_tw: string;
  description: string;
  description_en: string;
  description_tw: string;
  guide: string;
  guide_en: string;
  guide_tw: string;
  url: string;
  url_off_campus: string | null;
  proxied: boolean;
  image_url: string | null;
  subjects: string[];
  db_types: string[];
  languages: string[];
  access_kind: DbAccessKind;
  trial_from: string | null;
  trial_until: string | null;
  added_on: string;
  vendor: string;
  package_code: string | null;
  visit_count: number;
  visit_total: number;
  seq: number;
  hidden: boolean;
  version: number;
}

const DB_COLUMNS = sql.raw(`id, name, name_en, name_tw, description, description_en, description_tw, guide, guide_en,
  guide_tw, url, url_off_campus, proxied, image_url, subjects, db_types, languages, access_kind,
  to_char(trial_from, 'YYYY-MM-DD') AS trial_from, to_char(trial_until, 'YYYY-MM-DD') AS trial_until,
  to_char(added_on, 'YYYY-MM-DD') AS added_on, vendor, package_code, visit_count, visit_total::int AS visit_total,
  seq, hidden, version`);

/** Filters of the navigation that SQL applies (the A–Z letter is the service's: pinyin). */
export interface DbFilter {
  subId?: string | undefined;
  screenId?: string | undefined;
  accessKind?: DbAccessKind | undefined;
  language?: string | undefined;
  /** Words of a name or the vendor, any case. */
  keyword?: string | undefined;
}

/** The databases readers see (not hidden) matching `filter`, in the library's order. */
export async function findShownDatabases(
  db: Kysely<Database>,
  tenantId: number,
  filter: DbFilter = {},
): Promise<DbRow[]> {
  const like = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const { rows } = await sql<DbRow>`
    SELECT ${DB_COLUMNS} FROM e_collection
    WHERE tenant_id = ${tenantId} AND NOT hidden
      ${filter.subId ? sql`AND ${filter.subId} = ANY(subjects)` : sql``}
      ${filter.screenId ? sql`AND ${filter.screenId} = ANY(db_types)` : sql``}
      ${filter.accessKind ? sql`AND access_kind = ${filter.accessKind}` : sql``}
      ${filter.language ? sql`AND ${filter.language} = ANY(languages)` : sql``}
      ${like ? sql`AND (name ILIKE ${like} OR name_en ILIKE ${like} OR name_tw ILIKE ${like} OR vendor ILIKE ${like})` : sql``}
    ORDER BY seq, id`.execute(db);
  return rows;
}

/** One database of the institution (hidden ones too when `withHidden`). */
export async function findDatabase(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  withHidden = false,
): Promise<DbRow | undefined> {
  const { rows } = await sql<DbRow>`
    SELECT ${DB_COLUMNS} FROM e_collection
    WHERE tenant_id = ${tenantId} AND id = ${id} ${withHidden ? sql`` : sql`AND NOT hidden`}`.execute(db);
  return rows[0];
}

/** New databases (added since `newSince`) and trials that have not ended, newest first. */
export async function findNewDatabases(
  db: Kysely<Database>,
  tenantId: number,
  kind: 'all' | 'new' | 'trial',
  newSince: string,
  today: string,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: DbRow[] }> {
  const isNew = sql`added_on >= ${newSince}::date`;
  const onTrial = sql`(access_kind = 'trial' AND (trial_until IS NULL OR trial_until >= ${today}::date))`;
  const where = kind === 'new' ? isNew : kind === 'trial' ? onTrial : sql`(${isNew} OR ${onTrial})`;
  const select = sql`SELECT ${DB_COLUMNS} FROM e_collection WHERE tenant_id = ${tenantId} AND NOT hidden AND ${where}`;
  return findPage<DbRow>(db, select, sql`added_on DESC, id DESC`, offset, rows);
}

/** KBART titles of a database by publication type. */
export async function countTitlesByType(
  db: Kysely<Database>,
  tenantId: number,
  collectionId: number,
): Promise<{ serial: number; monograph: number }> {
  const { rows } = await sql<{ publication_type: string; n: number }>`
    SELECT publication_type, count(DISTINCT coalesce(title_id, online_identifier, print_identifier, publication_title))::int AS n
    FROM e_title WHERE tenant_id = ${tenantId} AND collection_id = ${collectionId}
    GROUP BY publication_type`.execute(db);
  const n = (t: string) => rows.find((r) => r.publication_type === t)?.n ?? 0;
  return { serial: n('serial'), monograph: n('monograph') };
}

/**
 * Counts one visit of a database on `day` (and in its totals: the last 30 days' `visit_count` and
 * `visit_total`); the new 30-day count, or undefined when the database is not the institution's.
 */
export async function addVisit(
  db: Kysely<Database>,
  tenantId: number,
  collectionId: number,
  day: string,
  windowStart: string,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM e_collection WHERE tenant_id = ${tenantId} AND id = ${collectionId} AND NOT hidden FOR UPDATE`.execute(
      trx,
    );
    if (!rows.length) return undefined;
    await sql`
      INSERT INTO e_collection_visit (tenant_id, collection_id, day, visits) VALUES (${tenantId}, ${collectionId}, ${day}, 1)
      ON CONFLICT (collection_id, day) DO UPDATE SET visits = e_collection_visit.visits + 1`.execute(trx);
    const { rows: out } = await sql<{ visit_count: number }>`
      UPDATE e_collection SET visit_total = visit_total + 1,
        visit_count = (SELECT coalesce(sum(visits), 0)::int FROM e_collection_visit
                       WHERE collection_id = ${collectionId} AND day >= ${windowStart}::date)
      WHERE tenant_id = ${tenantId} AND id = ${collectionId}
      RETURNING visit_count`.execute(trx);
    return out[0]?.visit_count;
  });
}

/**
 * Sets every database's `visit_count` of the institution to its visits since `windowStart` (days
 * that left the window stop counting): run when figures are read and after a seed.
 */
export async function refreshVisitCounts(db: Kysely<Database>, tenantId: number, windowStart: string): Promise<void> {
  await sql`
    UPDATE e_collection c SET visit_count = coalesce((SELECT sum(v.visits) FROM e_collection_visit v
                                                      WHERE v.collection_id = c.id AND v.day >= ${windowStart}::date), 0)::int
    WHERE c.tenant_id = ${tenantId}
      AND EXISTS (SELECT 1 FROM e_collection_visit x WHERE x.tenant_id = ${tenantId})`.execute(db);
}

/** Visits of the institution's databases per day since `from`. */
export async function findDailyVisits(
  db: Kysely<Database>,
  tenantId: number,
  from: string,
): Promise<Array<{ day: string; visits: number }>> {
  const { rows } = await sql<{ day: string; visits: number }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(visits)::int AS visits FROM e_collection_visit
    WHERE tenant_id = ${tenantId} AND day >= ${from}::date GROUP BY day ORDER BY day`.execute(db);
  return rows;
}

/** Every database of the institution (hidden too) with its visits since `from`, most visited first. */
export async function findVisitsPerDatabase(
  db: Kysely<Database>,
  tenantId: number,
  from: string,
): Promise<Array<DbRow & { visits: number }>> {
  const { rows } = await sql<DbRow & { visits: number }>`
    SELECT ${DB_COLUMNS}, coalesce((SELECT sum(visits) FROM e_collection_visit v
                                   WHERE v.collection_id = c.id AND v.day >= ${from}::date), 0)::int AS visits
    FROM e_collection c WHERE tenant_id = ${tenantId}
    ORDER BY visits DESC, seq, id`.execute(db);
  return rows;
}

/* ---------- Trial feedback ---------- */

export interface FeedbackRow {
  id: number;
  collection_id: number;
  reader_id: number;
  rating: number | null;
  content: string;
  status: TrialFeedbackStatus;
  reply: string;
  replied_by: string;
  replied_at: string | null;
  created_at: string;
  version: number;
  collection_name: string;
  collection_name_en: string;
  collection_name_tw: string;
  account: string;
  reader_name: string;
}

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

function selectFeedback(tenantId: number) {
  return sql`
    SELECT f.id::int AS id, f.collection_id, f.reader_id, f.rating, f.content, f.status, f.reply, f.replied_by,
           ${iso('f.replied_at')} AS replied_at, ${iso('f.created_at')} AS created_at, f.version,
           c.name AS collection_name, c.name_en AS collection_name_en, c.name_tw AS collection_name_tw,
           r.account, r.name AS reader_name
    FROM e_collection_feedback f
    JOIN e_collection c ON c.id = f.collection_id AND c.tenant_id = f.tenant_id
    JOIN reader r ON r.id = f.reader_id AND r.tenant_id = f.tenant_id
    WHERE f.tenant_id = ${tenantId}`;
}

/**
 * Adds a reader's trial feedback unless they sent `dailyLimit` since `dayStart` (the reader's row is
 * locked: two at once count one after the other); the new id, or 'limit'.
 */
export async function insertFeedback(
  db: Kysely<Database>,
  f: { tenantId: number; collectionId: number; readerId: number; rating: number | null; content: string },
  dayStart: Date,
  dailyLimit: number,
): Promise<number | 'limit'> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT id FROM reader WHERE tenant_id = ${f.tenantId} AND id = ${f.readerId} FOR UPDATE`.execute(trx);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM e_collection_feedback
      WHERE tenant_id = ${f.tenantId} AND reader_id = ${f.readerId} AND created_at >= ${dayStart.toISOString()}`.execute(
      trx,
    );
    if ((rows[0]?.n ?? 0) >= dailyLimit) return 'limit';
    const { rows: made } = await sql<{ id: number }>`
      INSERT INTO e_collection_feedback (tenant_id, collection_id, reader_id, rating, content)
      VALUES (${f.tenantId}, ${f.collectionId}, ${f.readerId}, ${f.rating}, ${f.content})
      RETURNING id::int AS id`.execute(trx);
    return made[0]!.id;
  });
}

/** Feedback the reader sent since `since`. */
export async function countReaderFeedbackSince(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  since: Date,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM e_collection_feedback
    WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} AND created_at >= ${since.toISOString()}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The reader's feedback on one database, newest first. */
export async function findReaderFeedback(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  collectionId: number,
): Promise<FeedbackRow[]> {
  const { rows } = await sql<FeedbackRow>`${selectFeedback(tenantId)}
    AND f.reader_id = ${readerId} AND f.collection_id = ${collectionId} ORDER BY f.created_at DESC, f.id DESC LIMIT 50`.execute(
    db,
  );
  return rows;
}

/** One feedback of the institution. */
export async function findFeedback(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
): Promise<FeedbackRow | undefined> {
  const { rows } = await sql<FeedbackRow>`${selectFeedback(tenantId)} AND f.id = ${id}`.execute(db);
  return rows[0];
}

/** The institution's feedback by state and database, newest first, with counts per state. */
export async function findFeedbackPage(
  db: Kysely<Database>,
  tenantId: number,
  q: { status?: TrialFeedbackStatus | undefined; collectionId?: number | undefined },
  offset: number,
  rows: number,
): Promise<{ total: number; rows: FeedbackRow[]; counts: Array<{ status: TrialFeedbackStatus; n: number }> }> {
  const select = sql`${selectFeedback(tenantId)}
    ${q.status ? sql`AND f.status = ${q.status}` : sql``}
    ${q.collectionId ? sql`AND f.collection_id = ${q.collectionId}` : sql``}`;
  const [page, counts] = await Promise.all([
    findPage<FeedbackRow>(db, select, sql`created_at DESC, id DESC`, offset, rows),
    sql<{ status: TrialFeedbackStatus; n: number }>`
      SELECT status, count(*)::int AS n FROM e_collection_feedback WHERE tenant_id = ${tenantId} GROUP BY status`.execute(
      db,
    ),
  ]);
  return { ...page, counts: counts.rows };
}

/** Moves a feedback to `status` (with a reply) if it is still at `version`; whether it moved. */
export async function updateFeedback(
  db: Kysely<Database>,
  tenantId: number,
  u: { id: number; version: number; status: TrialFeedbackStatus; reply?: string; repliedBy: string },
): Promise<boolean> {
  const res = await sql`
    UPDATE e_collection_feedback SET status = ${u.status}, version = version + 1
      ${u.reply !== undefined ? sql`, reply = ${u.reply}, replied_by = ${u.repliedBy}, replied_at = now()` : sql``}
    WHERE tenant_id = ${tenantId} AND id = ${u.id} AND version = ${u.version}`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

/* ---------- Settings and the console's fields ---------- */

export interface SettingRow {
  proxy_prefix: string;
  campus_networks: string[];
  version: number;
}

/** The institution's proxy prefix and campus networks (none set: empty, version 0). */
export async function findEResourceSetting(db: Kysely<Database>, tenantId: number): Promise<SettingRow> {
  const row = await db
    .selectFrom('e_resource_setting')
    .select(['proxy_prefix', 'campus_networks', 'version'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ?? { proxy_prefix: '', campus_networks: [], version: 0 };
}

/** Saves the settings if they are still at `version` (0: never saved); whether they were saved. */
export async function saveEResourceSetting(
  db: Kysely<Database>,
  tenantId: number,
  s: { proxyPrefix: string; campusNetworks: string[]; version: number; by: string },
): Promise<boolean> {
  const res = await sql`
    INSERT INTO e_resource_setting (tenant_id, proxy_prefix, campus_networks, version, updated_by)
    SELECT ${tenantId}, ${s.proxyPrefix}, ${s.campusNetworks}::text[], 1, ${s.by} WHERE ${s.version} = 0
    ON CONFLICT (tenant_id) DO UPDATE SET proxy_prefix = excluded.proxy_prefix,
      campus_networks = excluded.campus_networks, version = e_resource_setting.version + 1,
      updated_at = now(), updated_by = excluded.updated_by
    WHERE e_resource_setting.version = ${s.version}`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

/** The navigation fields staff edit. */
export interface DbDetailsUpdate {
  id: number;
  version: number;
  descriptionTw: string;
  guide: string;
  guideEn: string;
  guideTw: string;
  dbTypes: string[];
  languages: string[];
  trialFrom: string | null;
  vendor: string;
  urlOffCampus: string | null;
  proxied: boolean;
  packageCode: string | null;
}

/** Saves a database's navigation fields if it is still at `version`; whether it was saved. */
export async function updateDbDetails(db: Kysely<Database>, tenantId: number, u: DbDetailsUpdate): Promise<boolean> {
  const res = await sql`
    UPDATE e_collection SET description_tw = ${u.descriptionTw}, guide = ${u.guide}, guide_en = ${u.guideEn},
      guide_tw = ${u.guideTw}, db_types = ${u.dbTypes}::text[], languages = ${u.languages}::text[],
      trial_from = ${u.trialFrom}::date, vendor = ${u.vendor}, url_off_campus = ${u.urlOffCampus}, proxied = ${u.proxied},
      package_code = ${u.packageCode}, version = version + 1
    WHERE tenant_id = ${tenantId} AND id = ${u.id} AND version = ${u.version}`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

/** Whether another database of the institution lists this package. */
export async function isPackageTaken(
  db: Kysely<Database>,
  tenantId: number,
  packageCode: string,
  exceptId: number,
): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM e_collection WHERE tenant_id = ${tenantId}
    AND package_code = ${packageCode} AND id <> ${exceptId}`.execute(db);
  return rows.length > 0;
}

/* ---------- Imports ---------- */

/** A database as the CSV import writes it. */
export interface DbImportRow {
  name: string;
  nameTw: string;
  nameEn: string;
  accessKind: DbAccessKind;
  url: string;
  urlOffCampus: string | null;
  proxied: boolean;
  subjects: string[];
  dbTypes: string[];
  languages: string[];
  vendor: string;
  trialFrom: string | null;
  trialUntil: string | null;
  description: string;
  descriptionTw: string;
  descriptionEn: string;
  guide: string;
  guideTw: string;
  guideEn: string;
  packageCode: string | null;
  imageUrl: string | null;
}

/**
 * Adds or updates (by Chinese name) the databases of a CSV import, in one transaction; how many
 * were added and updated. `columns`: the file's columns (of DB_CSV_COLUMNS, always with url).
 */
export async function upsertDatabases(
  db: Kysely<Database>,
  tenantId: number,
  list: DbImportRow[],
  columns: readonly string[],
): Promise<{ added: number; updated: number }> {
  // A database met again takes the file's columns; the columns the file leaves out keep their values.
  const updateSet = sql.join(
    columns
      .filter((c) => c !== 'name' && /^[a-z_]+$/.test(c))
      .map((c) =>
        sql.raw(
          c === 'image_url'
            ? 'image_url = coalesce(excluded.image_url, e_collection.image_url)'
            : `${c} = excluded.${c}`,
        ),
      ),
  );
  return db.transaction().execute(async (trx) => {
    let added = 0;
    let updated = 0;
    for (const d of list) {
      const { rows } = await sql<{ inserted: boolean }>`
        INSERT INTO e_collection (tenant_id, name, name_tw, name_en, access_kind, url, url_off_campus, proxied, subjects,
          db_types, languages, vendor, trial_from, trial_until, description, description_tw, description_en, guide,
          guide_tw, guide_en, package_code, image_url, seq)
        VALUES (${tenantId}, ${d.name}, ${d.nameTw}, ${d.nameEn}, ${d.accessKind}, ${d.url}, ${d.urlOffCampus},
          ${d.proxied}, ${d.subjects}::text[], ${d.dbTypes}::text[], ${d.languages}::text[], ${d.vendor},
          ${d.trialFrom}::date, ${d.trialUntil}::date, ${d.description}, ${d.descriptionTw}, ${d.descriptionEn},
          ${d.guide}, ${d.guideTw}, ${d.guideEn}, ${d.packageCode}, ${d.imageUrl},
          (SELECT coalesce(max(seq), 0) + 1 FROM e_collection WHERE tenant_id = ${tenantId}))
        ON CONFLICT (tenant_id, name) DO UPDATE SET ${updateSet}, version = e_collection.version + 1
        RETURNING (xmax = 0) AS inserted`.execute(trx);
      if (rows[0]?.inserted) added += 1;
      else updated += 1;
    }
    // A package's title list loaded before its database was: its lines join the database now.
    await sql`UPDATE e_title e SET collection_id = c.id FROM e_collection c
      WHERE e.tenant_id = ${tenantId} AND c.tenant_id = e.tenant_id AND c.package_code = e.package_code
        AND e.collection_id IS DISTINCT FROM c.id`.execute(trx);
    return { added, updated };
  });
}

/**
 * Replaces the title lines of a package with `titles`, in one transaction, linked to the database
 * that lists the package (if any); that database's id, or null.
 */
export async function replacePackageTitles(
  db: Kysely<Database>,
  tenantId: number,
  packageCode: string,
  titles: KbartTitle[],
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM e_collection WHERE tenant_id = ${tenantId} AND package_code = ${packageCode}`.execute(trx);
    const collectionId = rows[0]?.id ?? null;
    await trx.deleteFrom('e_title').where('tenant_id', '=', tenantId).where('package_code', '=', packageCode).execute();
    for (let i = 0; i < titles.length; i += 500) {
      await trx
        .insertInto('e_title')
        .values(
          titles.slice(i, i + 500).map((t) => ({
            ...t,
            tenant_id: tenantId,
            collection_id: collectionId,
            package_code: packageCode,
          })),
        )
        .execute();
    }
    return collectionId;
  });
}

/** The shown databases by access: a trial counts while it runs on `today` (YYYY-MM-DD). */
export async function countDatabasesByAccess(
  db: Kysely<Database>,
  tenantId: number,
  today: string,
): Promise<{ total: number; trial: number; purchased: number; open: number }> {
  const { rows } = await sql<{ total: number; trial: number; purchased: number; open: number }>`SELECT
      count(*)::int AS total,
      (count(*) FILTER (WHERE access_kind = 'trial' AND (trial_from IS NULL OR trial_from <= ${today}::date)
        AND (trial_until IS NULL OR trial_until >= ${today}::date)))::int AS trial,
      (count(*) FILTER (WHERE access_kind IN ('purchased', 'formal')))::int AS purchased,
      (count(*) FILTER (WHERE access_kind = 'open'))::int AS open
    FROM e_collection WHERE tenant_id = ${tenantId} AND NOT hidden`.execute(db);
  return rows[0]!;
}
