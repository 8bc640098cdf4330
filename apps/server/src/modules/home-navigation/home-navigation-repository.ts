import { sql, type Kysely } from 'kysely';
import type { FixedIcon } from '@openfind/contract';
import type { Database } from '../../db/schema.js';

/**
 * The catalogue's figures: records readers see and those that arrived since `newSince`. (The other
 * figures are counted by the modules that own them: journals, e-resources, collections, courses,
 * subject services.)
 */
export async function countRecordFigures(
  db: Kysely<Database>,
  tenantId: number,
  newSince: string,
): Promise<{ records: number; newArrivals: number }> {
  const { rows } = await sql<{ records: number; newArrivals: number }>`SELECT count(*)::int AS records,
      (count(*) FILTER (WHERE first_in_date >= ${newSince}::date))::int AS "newArrivals"
    FROM bib_record WHERE tenant_id = ${tenantId} AND NOT suppressed`.execute(db);
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
