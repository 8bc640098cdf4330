import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { PlaceKind } from '@openfind/contract';
import type { Database } from '../../db/schema.js';

/**
 * The rows of the libraries screen: libraries, campuses, locations and loan policies of one
 * institution, read (for a change: locked) and written. Every function is scoped by `tenantId`.
 */

export interface LibraryRow {
  lib_code: string;
  name: string;
  name_en: string;
  name_tw: string;
  is_main: boolean;
  seq: number;
}
export interface CampusRow {
  campus_id: string;
  lib_code: string;
  name: string;
  name_en: string;
  name_tw: string;
  seq: number;
}
export interface LocationRow {
  location_id: string;
  campus_id: string;
  location_type_code: string;
  name: string;
  name_en: string;
  name_tw: string;
  entrust: boolean;
  subscribe: boolean;
  seq: number;
}
export type PolicyRow = Selectable<Database['loan_policy']>;

/**
 * A row's version: a digest of what it holds. A change sends back the version it was made from; a
 * row that no longer has it was changed (or deleted and made again) in between.
 */
export function versionOf(row: object): string {
  const sorted = Object.fromEntries(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('base64url').slice(0, 22);
}

const LIBRARY_COLUMNS = ['lib_code', 'name', 'name_en', 'name_tw', 'is_main', 'seq'] as const;
const CAMPUS_COLUMNS = ['campus_id', 'lib_code', 'name', 'name_en', 'name_tw', 'seq'] as const;
const LOCATION_COLUMNS = [
  'location_id',
  'campus_id',
  'location_type_code',
  'name',
  'name_en',
  'name_tw',
  'entrust',
  'subscribe',
  'seq',
] as const;

/** The institution's libraries, campuses and locations, each in order. */
export async function findPlaces(
  db: Kysely<Database>,
  tenantId: number,
): Promise<{ libraries: LibraryRow[]; campuses: CampusRow[]; locations: LocationRow[] }> {
  const [libraries, campuses, locations] = await Promise.all([
    db
      .selectFrom('library')
      .select(LIBRARY_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .orderBy('seq')
      .orderBy('lib_code')
      .execute(),
    db
      .selectFrom('campus')
      .select(CAMPUS_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .orderBy('seq')
      .orderBy('campus_id')
      .execute(),
    db
      .selectFrom('location')
      .select(LOCATION_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .orderBy('seq')
      .orderBy('location_id')
      .execute(),
  ]);
  return { libraries, campuses, locations };
}

/** The institution's location types, in order. */
export async function findLocationTypes(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom('location_type')
    .select(['code', 'name', 'name_en', 'name_tw'])
    .where('tenant_id', '=', tenantId)
    .orderBy('seq')
    .orderBy('code')
    .execute();
}

/** One library, locked for the change of the caller's transaction. */
export function lockLibrary(db: Kysely<Database>, tenantId: number, code: string): Promise<LibraryRow | undefined> {
  return db
    .selectFrom('library')
    .select(LIBRARY_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('lib_code', '=', code)
    .forUpdate()
    .executeTakeFirst();
}

/** One campus, locked. */
export function lockCampus(db: Kysely<Database>, tenantId: number, code: string): Promise<CampusRow | undefined> {
  return db
    .selectFrom('campus')
    .select(CAMPUS_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('campus_id', '=', code)
    .forUpdate()
    .executeTakeFirst();
}

/** One location, locked. */
export function lockLocation(db: Kysely<Database>, tenantId: number, code: string): Promise<LocationRow | undefined> {
  return db
    .selectFrom('location')
    .select(LOCATION_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('location_id', '=', code)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether the institution has a library, campus or location whose code is `code` in any case. */
export async function codeInUse(
  db: Kysely<Database>,
  tenantId: number,
  kind: PlaceKind,
  code: string,
): Promise<boolean> {
  const [table, column] =
    kind === 'library'
      ? ['library', 'lib_code']
      : kind === 'campus'
        ? ['campus', 'campus_id']
        : ['location', 'location_id'];
  const { rows } = await sql<{ found: number }>`
    SELECT 1 AS found FROM ${sql.table(table)}
    WHERE tenant_id = ${tenantId} AND lower(${sql.ref(column)}) = ${code.toLowerCase()} LIMIT 1`.execute(db);
  return rows.length > 0;
}

/** The next place at the end of a level (the largest `seq` + 1). */
export async function nextSeq(
  db: Kysely<Database>,
  tenantId: number,
  kind: PlaceKind,
  parent: string,
): Promise<number> {
  const row =
    kind === 'library'
      ? await db
          .selectFrom('library')
          .select((eb) => eb.fn.max('seq').as('m'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirst()
      : kind === 'campus'
        ? await db
            .selectFrom('campus')
            .select((eb) => eb.fn.max('seq').as('m'))
            .where('tenant_id', '=', tenantId)
            .where('lib_code', '=', parent)
            .executeTakeFirst()
        : await db
            .selectFrom('location')
            .select((eb) => eb.fn.max('seq').as('m'))
            .where('tenant_id', '=', tenantId)
            .where('campus_id', '=', parent)
            .executeTakeFirst();
  return row?.m === null || row?.m === undefined ? 0 : Number(row.m) + 1;
}

/** What uses a library, campus or location (counts; 0 = not used that way). */
export interface PlaceUses {
  campuses: number;
  locations: number;
  copies: number;
  staff: number;
  requests: number;
  readers: number;
  loans: number;
}

const count = async (q: Promise<{ rows: Array<{ n: unknown }> }>) => Number((await q).rows[0]?.n ?? 0);

/** What uses a place: what it holds, copies, staff accounts limited to it, open requests, readers, open loans. */
export async function usesOf(
  db: Kysely<Database>,
  tenantId: number,
  kind: PlaceKind,
  code: string,
): Promise<PlaceUses> {
  const none: PlaceUses = { campuses: 0, locations: 0, copies: 0, staff: 0, requests: 0, readers: 0, loans: 0 };
  if (kind === 'location')
    return {
      ...none,
      copies: await count(
        sql<{ n: string }>`SELECT count(*) AS n FROM item
          WHERE tenant_id = ${tenantId} AND (location_id = ${code} OR cur_location_id = ${code})`.execute(db),
      ),
    };
  if (kind === 'campus')
    return {
      ...none,
      locations: await count(
        sql<{
          n: string;
        }>`SELECT count(*) AS n FROM location WHERE tenant_id = ${tenantId} AND campus_id = ${code}`.execute(db),
      ),
      copies: await count(
        sql<{
          n: string;
        }>`SELECT count(*) AS n FROM item WHERE tenant_id = ${tenantId} AND campus_id = ${code}`.execute(db),
      ),
    };
  return {
    ...none,
    campuses: await count(
      sql<{ n: string }>`SELECT count(*) AS n FROM campus WHERE tenant_id = ${tenantId} AND lib_code = ${code}`.execute(
        db,
      ),
    ),
    copies: await count(
      sql<{ n: string }>`SELECT count(*) AS n FROM item WHERE tenant_id = ${tenantId} AND lib_code = ${code}`.execute(
        db,
      ),
    ),
    staff: await count(
      sql<{ n: string }>`SELECT count(*) AS n FROM staff_account
        WHERE tenant_id = ${tenantId} AND ${code} = ANY(lib_codes)`.execute(db),
    ),
    requests: await count(
      sql<{ n: string }>`SELECT count(*) AS n FROM circ_request
        WHERE tenant_id = ${tenantId} AND pickup_lib_code = ${code} AND status IN ('waiting', 'ready')`.execute(db),
    ),
    readers: await count(
      sql<{ n: string }>`SELECT count(*) AS n FROM reader WHERE tenant_id = ${tenantId} AND lib_code = ${code}`.execute(
        db,
      ),
    ),
    loans: await count(
      sql<{ n: string }>`SELECT count(*) AS n FROM loan_event
        WHERE tenant_id = ${tenantId} AND lib_code = ${code} AND return_date IS NULL`.execute(db),
    ),
  };
}

/** The institution's loan policies, the default row ('' × '') first, then by reader type and attribute. */
export async function findPolicies(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom('loan_policy')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('reader_type')
    .orderBy('circ_attr')
    .execute();
}

/** One loan policy, locked. */
export function lockPolicy(db: Kysely<Database>, tenantId: number, readerType: string, circAttr: string) {
  return db
    .selectFrom('loan_policy')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('reader_type', '=', readerType)
    .where('circ_attr', '=', circAttr)
    .forUpdate()
    .executeTakeFirst();
}

/** The readers' reader types, with how many readers have each. */
export async function findReaderTypes(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Array<{ readerType: string; readers: number }>> {
  const rows = await db
    .selectFrom('reader')
    .select(['reader_type', (eb) => eb.fn.countAll<string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('reader_type', '<>', '')
    .groupBy('reader_type')
    .orderBy('reader_type')
    .execute();
  return rows.map((r) => ({ readerType: r.reader_type, readers: Number(r.n) }));
}
