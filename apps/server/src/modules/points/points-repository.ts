import { sql, type Kysely } from 'kysely';
import type { PointsPlatform } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';

/** An institution's own settings of the rules (points, or a rule turned off). */
export function findRuleSettings(
  db: Kysely<Database>,
  tenantId: number,
): Promise<{ rule_code: string; points: number; enabled: boolean }[]> {
  return db
    .selectFrom('points_rule')
    .select(['rule_code', 'points', 'enabled'])
    .where('tenant_id', '=', tenantId)
    .execute();
}

/**
 * Adds an event to the reader's ledger unless it is there already (same rule and reference): the
 * new entry's id, or null when it was counted before.
 */
export async function insertPointsEntry(
  db: Kysely<Database>,
  e: {
    tenantId: number;
    readerId: number;
    rule: string;
    ref: string;
    points: number;
    platform: PointsPlatform;
    note: string;
  },
): Promise<number | null> {
  const row = await db
    .insertInto('points_entry')
    .values({
      tenant_id: e.tenantId,
      reader_id: e.readerId,
      rule_code: e.rule,
      ref: e.ref,
      points: e.points,
      platform: e.platform,
      note: e.note,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'reader_id', 'rule_code', 'ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The reader's points: the sum of the ledger. */
export async function findPointsBalance(db: Kysely<Database>, tenantId: number, readerId: number): Promise<number> {
  const row = await db
    .selectFrom('points_entry')
    .select(sql<number>`coalesce(sum(points), 0)::int`.as('balance'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

export interface PointsEntryRow {
  id: string;
  rule_code: string;
  note: string;
  points: number;
  /** The balance after the entry. */
  balance: number;
  platform: PointsPlatform;
  created_at: Date | string;
}

/** A page of the reader's ledger, newest first, each entry with the balance after it. */
export function findPointsEntries(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: PointsEntryRow[] }> {
  return findPage<PointsEntryRow>(
    db,
    sql`SELECT id::text AS id, rule_code, note, points, platform, created_at,
               (sum(points) OVER (ORDER BY created_at, id ROWS UNBOUNDED PRECEDING))::int AS balance
        FROM points_entry WHERE tenant_id = ${tenantId} AND reader_id = ${readerId}`,
    sql`created_at DESC, id::bigint DESC`,
    offset,
    rows,
  );
}
