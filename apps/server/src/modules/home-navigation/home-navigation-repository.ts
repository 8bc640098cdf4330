import { sql, type Kysely } from 'kysely';
import type { FixedIcon } from '@openfind/contract';
import type { Database } from '../../db/schema.js';

/** The home figures SQL counts (journals and e-books come from their modules). */
export interface HomeCountRow {
  records: number;
  new_arrivals: number;
  db_total: number;
  db_trial: number;
  db_purchased: number;
  db_open: number;
  special_collections: number;
  courses: number;
  departments: number;
  researchers: number;
  theses: number;
}

/**
 * The institution's figures in one statement: records readers see and those that arrived since
 * `newSince`, databases by access (a trial counts while it runs on `today`), special collections
 * shown, courses by code, departments, researchers, and theses of records readers see.
 */
export async function countHomeFigures(
  db: Kysely<Database>,
  tenantId: number,
  today: string,
  newSince: string,
): Promise<HomeCountRow> {
  const { rows } = await sql<HomeCountRow>`SELECT
      (SELECT count(*)::int FROM bib_record WHERE tenant_id = ${tenantId} AND NOT suppressed) AS records,
      (SELECT count(*)::int FROM bib_record WHERE tenant_id = ${tenantId} AND NOT suppressed
        AND first_in_date >= ${newSince}::date) AS new_arrivals,
      e.db_total, e.db_trial, e.db_purchased, e.db_open,
      (SELECT count(*)::int FROM special_package WHERE tenant_id = ${tenantId} AND kind = 'collection'
        AND parent_id IS NULL AND NOT hidden) AS special_collections,
      (SELECT count(DISTINCT code)::int FROM course WHERE tenant_id = ${tenantId}) AS courses,
      (SELECT count(*)::int FROM department WHERE tenant_id = ${tenantId}) AS departments,
      (SELECT count(*)::int FROM researcher WHERE tenant_id = ${tenantId}) AS researchers,
      (SELECT count(*)::int FROM thesis t JOIN bib_record b ON b.record_id = t.record_id AND b.tenant_id = ${tenantId}
        WHERE t.tenant_id = ${tenantId} AND NOT b.suppressed) AS theses
    FROM (SELECT count(*)::int AS db_total,
        (count(*) FILTER (WHERE access_kind = 'trial' AND (trial_from IS NULL OR trial_from <= ${today}::date)
          AND (trial_until IS NULL OR trial_until >= ${today}::date)))::int AS db_trial,
        (count(*) FILTER (WHERE access_kind IN ('purchased', 'formal')))::int AS db_purchased,
        (count(*) FILTER (WHERE access_kind = 'open'))::int AS db_open
      FROM e_collection WHERE tenant_id = ${tenantId} AND NOT hidden) e`.execute(db);
  return rows[0]!;
}

/**
 * Adds one to an element's count of the day, unless the institution's day already holds `maxRows`
 * other elements (a new element is then not counted); whether it was counted.
 */
export async function addElementCount(
  db: Kysely<Database>,
  tenantId: number,
  day: string,
  kind: string,
  element: string,
  maxRows: number,
): Promise<boolean> {
  const { rows } = await sql<{ ok: number }>`
    INSERT INTO home_element_daily (tenant_id, day, kind, element, count)
    SELECT ${tenantId}, ${day}::date, ${kind}, ${element}, 1
    WHERE EXISTS (SELECT 1 FROM home_element_daily
        WHERE tenant_id = ${tenantId} AND day = ${day}::date AND kind = ${kind} AND element = ${element})
      OR (SELECT count(*) FROM home_element_daily WHERE tenant_id = ${tenantId} AND day = ${day}::date) < ${maxRows}
    ON CONFLICT (tenant_id, day, kind, element) DO UPDATE SET count = home_element_daily.count + 1
    RETURNING 1 AS ok`.execute(db);
  return rows.length > 0;
}

export interface UsageRow {
  element: string;
  kind: string;
  count: number;
  days: number;
  last_day: string;
}

/** The institution's counts from `from` on, per element and kind, most first (navigation or the others). */
export async function findUsage(
  db: Kysely<Database>,
  tenantId: number,
  from: string,
  navigation: boolean,
  limit: number,
): Promise<UsageRow[]> {
  const { rows } = await sql<UsageRow>`SELECT element, kind, sum(count)::int AS count, count(*)::int AS days,
      to_char(max(day), 'YYYY-MM-DD') AS last_day
    FROM home_element_daily
    WHERE tenant_id = ${tenantId} AND day >= ${from}::date AND ${navigation ? sql`kind = 'nav'` : sql`kind <> 'nav'`}
    GROUP BY element, kind ORDER BY sum(count) DESC, element, kind LIMIT ${limit}`.execute(db);
  return rows;
}

/** The institution's totals from `from` on, by kind. */
export async function findUsageTotals(
  db: Kysely<Database>,
  tenantId: number,
  from: string,
): Promise<Map<string, number>> {
  const { rows } = await sql<{ kind: string; n: number }>`SELECT kind, sum(count)::int AS n FROM home_element_daily
    WHERE tenant_id = ${tenantId} AND day >= ${from}::date GROUP BY kind`.execute(db);
  return new Map(rows.map((r) => [r.kind, r.n]));
}

export interface FixedIconSetRow {
  icons: FixedIcon[];
  version: number;
  updated_at: Date | string;
  updated_by: string;
}

/** The institution's fixed icons as saved; undefined when never saved. */
export async function findFixedIconSet(db: Kysely<Database>, tenantId: number): Promise<FixedIconSetRow | undefined> {
  const { rows } = await sql<FixedIconSetRow>`SELECT icons, version, updated_at, updated_by
    FROM home_fixed_icon_set WHERE tenant_id = ${tenantId}`.execute(db);
  return rows[0];
}

/** Saves the icons if they are still at `version` (0: never saved); whether they were saved. */
export async function saveFixedIconSet(
  db: Kysely<Database>,
  tenantId: number,
  icons: FixedIcon[],
  version: number,
  by: string,
): Promise<boolean> {
  const json = JSON.stringify(icons);
  if (version === 0) {
    const { rows } = await sql`INSERT INTO home_fixed_icon_set (tenant_id, icons, version, updated_by)
      VALUES (${tenantId}, ${json}::jsonb, 1, ${by}) ON CONFLICT (tenant_id) DO NOTHING RETURNING 1 AS ok`.execute(db);
    return rows.length > 0;
  }
  const { rows } = await sql`UPDATE home_fixed_icon_set
    SET icons = ${json}::jsonb, version = version + 1, updated_at = now(), updated_by = ${by}
    WHERE tenant_id = ${tenantId} AND version = ${version} RETURNING 1 AS ok`.execute(db);
  return rows.length > 0;
}
