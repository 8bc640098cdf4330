import type { Kysely } from 'kysely';
import type { StaffRole } from '@openfind/contract';
import type { Database } from '../db/schema.js';
import { insertStaff } from '../modules/staff/staff-repository.js';
import { demoHash } from './demo-readers.js';

/**
 * The demo institutions' staff accounts (the README lists them), to try the staff console at
 * /admin: an administrator and a desk account of every library. Demo data only: a real
 * institution's first administrator is made with `openfind staff add`.
 */
export const DEMO_STAFF: { username: string; name: string; role: StaffRole; password: string }[] = [
  { username: 'libadmin', name: '系统管理员', role: 'admin', password: 'Admin-2026-Demo' },
  { username: 'libdesk', name: '流通馆员', role: 'staff', password: 'Desk-2026-Demo' },
];

/** Adds the demo staff accounts to a new demo institution. */
export async function seedDemoStaff(db: Kysely<Database>, tenantId: number): Promise<void> {
  for (const s of DEMO_STAFF)
    await insertStaff(db, {
      tenantId,
      username: s.username,
      name: s.name,
      role: s.role,
      libCodes: [],
      passwordHash: await demoHash(s.password),
    });
}
