import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { READER_CODE_SECONDS } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';

export type CodePurpose = 'take' | 'handover' | 'relend';

/**
 * Gives a reader a new 6-digit code for `purpose` (and request), valid `READER_CODE_SECONDS`; it
 * replaces their last one. Codes are unique in the institution while they live (a clash draws again).
 */
export async function issueReaderCode(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  purpose: CodePurpose,
  requestId: number | null,
): Promise<{ code: string; expiresAt: Date }> {
  return inTransaction(db, async (trx) => {
    // Lapsed and used codes of the institution go (they are never looked up again).
    await sql`DELETE FROM reader_code WHERE tenant_id = ${tenantId} AND (expires_at < now() OR used_at IS NOT NULL)`.execute(
      trx,
    );
    await sql`DELETE FROM reader_code WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} AND purpose = ${purpose}
              AND coalesce(request_id, 0) = ${requestId ?? 0}`.execute(trx);
    for (let attempt = 0; ; attempt++) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const res = await sql<{ expires_at: Date }>`
        INSERT INTO reader_code (tenant_id, code, reader_id, purpose, request_id, expires_at)
        VALUES (${tenantId}, ${code}, ${readerId}, ${purpose}, ${requestId === null ? null : String(requestId)}::bigint,
                now() + make_interval(secs => ${READER_CODE_SECONDS}))
        ON CONFLICT (tenant_id, code) DO NOTHING
        RETURNING expires_at`.execute(trx);
      if (res.rows[0]) return { code, expiresAt: new Date(res.rows[0].expires_at) };
      if (attempt >= 20) throw new Error('reader codes: no free code');
    }
  });
}

/** The live code of `purpose`, locked; undefined when wrong, expired or used. */
export async function findLiveCode(
  trx: Kysely<Database>,
  tenantId: number,
  code: string,
  purpose: CodePurpose,
): Promise<{ reader_id: number; request_id: string | null } | undefined> {
  const res = await sql<{ reader_id: number; request_id: string | null }>`
    SELECT reader_id, request_id::text AS request_id FROM reader_code
    WHERE tenant_id = ${tenantId} AND code = ${code} AND purpose = ${purpose}
      AND used_at IS NULL AND expires_at > now()
    FOR UPDATE`.execute(trx);
  return res.rows[0];
}

/** Marks a code used (single use). */
export async function useReaderCode(trx: Kysely<Database>, tenantId: number, code: string): Promise<void> {
  await sql`UPDATE reader_code SET used_at = now() WHERE tenant_id = ${tenantId} AND code = ${code}`.execute(trx);
}
