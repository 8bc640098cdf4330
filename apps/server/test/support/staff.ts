import { ApiPath, STAFF_TOKEN_HEADER, type StaffRole } from '@openfind/contract';
import type { LightMyRequestResponse } from 'fastify';
import { findStaffByName, type StaffAccount } from '../../src/modules/staff/staff-repository.js';
import type { TestApp } from '../helpers.js';

/**
 * Staff accounts for tests, made as `openfind staff add` makes them (the staff service: checked, the
 * password hashed with argon2id), and their sessions.
 */

let made = 0;

export type MadeStaff = StaffAccount & { password: string };

/** A staff account of the institution (null: an operator); unique username by default. */
export async function makeStaff(
  t: TestApp,
  tenantId: number | null,
  opts: { role?: StaffRole; username?: string; name?: string; libCodes?: string[]; password?: string } = {},
): Promise<MadeStaff> {
  const n = ++made;
  const role = opts.role ?? (tenantId === null ? 'operator' : 'staff');
  const username = opts.username ?? `${role}${n}-${Math.random().toString(36).slice(2, 7)}`;
  const password = opts.password ?? `Staff-${n}-Pass`;
  await t.services.staff.add(
    { tenantId, username, name: opts.name ?? `馆员${n}`, role, libCodes: opts.libCodes ?? [], password },
    'test',
  );
  return { ...(await findStaffByName(t.db.kysely, tenantId, username))!, password };
}

/**
 * The header of a new session of the account at the institution `loginTenantId` (its own by default),
 * started as the login starts one, without the password round (argon2) and the address limit.
 */
export async function staffHeader(
  t: TestApp,
  account: StaffAccount,
  loginTenantId = account.tenantId,
): Promise<Record<string, string>> {
  if (loginTenantId === null) throw new Error('an operator logs in at an institution: name it');
  const { token } = await t.services.staff.startSession(loginTenantId, account);
  return { [STAFF_TOKEN_HEADER]: token };
}

/** `POST /oga/admin/login` at the institution of `mappingPath`. */
export function staffLogin(
  t: TestApp,
  mappingPath: string,
  username: string,
  password: string,
  opts: { remoteAddress?: string; headers?: Record<string, string>; code?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: ApiPath.staffLogin,
    headers: { mappingPath, ...opts.headers },
    payload: { username, password, ...(opts.code === undefined ? {} : { code: opts.code }) },
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
}
