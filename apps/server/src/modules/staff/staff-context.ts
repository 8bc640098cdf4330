import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAFF_ROLE_RANK, STAFF_TOKEN_HEADER, StaffCalls, type StaffRole } from '@openfind/contract';
import type { Services } from '../../services.js';
import { AuthErrors } from '../auth/auth-errors.js';
import { StaffErrors } from './staff-errors.js';
import type { StaffSession } from './staff-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified staff session of the request (the `X-Staff-Token` header), or null. */
    staffSession: StaffSession | null;
    /** Why a staff token that came with the request was not accepted. */
    staffProblem: 'expired' | 'invalid' | null;
  }
}

/** Who acts in a staff call: the account, its role and libraries, in the institution of the request. */
export interface StaffActor {
  staffId: number;
  /** The institution of the request (an operator acts in whichever institution they call). */
  tenantId: number;
  role: StaffRole;
  /** The libraries a desk account works for; [] = every library of the institution. */
  libCodes: string[];
  username: string;
  name: string;
  session: StaffSession;
}

const HEADER = STAFF_TOKEN_HEADER.toLowerCase();

/** Decorates the requests of the tenant scope with their staff session (registerSessionScope calls it). */
export function decorateStaffSession(app: FastifyInstance): void {
  app.decorateRequest('staffSession', null);
  app.decorateRequest('staffProblem', null);
}

/**
 * Verifies the staff token of a request that carries one (the header only: never a cookie, never
 * the query). A request without one, or with one that is not valid, goes on without a staff
 * session; the staff calls answer 401 then (`checkStaffAccess`).
 */
export async function verifyStaffToken(req: FastifyRequest, services: Pick<Services, 'staff'>): Promise<void> {
  const v = req.headers[HEADER];
  const token = (Array.isArray(v) ? v[0] : v)?.trim();
  if (!token) return;
  const r = await services.staff.verify(token);
  if (typeof r === 'string') req.staffProblem = r;
  else req.staffSession = r;
}

/**
 * The calls an account that must set up its second factor may make before it has: who am I, logout,
 * and setting it up.
 */
const BEFORE_SECOND_FACTOR = new Set(
  [
    StaffCalls.staffMe,
    StaffCalls.staffLogout,
    StaffCalls.staffSecondFactor,
    StaffCalls.staffSecondFactorSetup,
    StaffCalls.staffSecondFactorConfirm,
  ].map((c) => c.path),
);

/**
 * The access of a staff (`staff`) or administrator (`admin`) call, before the body is read: without a
 * staff session 401 (a reader's session is not one: 403, staff only); a staff account of another
 * institution 403 (an operator's is of every institution); a role below the call's 403; an account
 * an administrator requires a second factor of, without one yet, 403 but for setting it up.
 */
export function checkStaffAccess(req: FastifyRequest, access: 'staff' | 'admin'): void {
  const s = req.staffSession;
  if (!s) {
    if (req.staffProblem) throw StaffErrors.sessionExpired();
    if (req.readerSession) throw AuthErrors.staffOnly();
    throw StaffErrors.loginRequired();
  }
  if (s.role !== 'operator' && s.tenantId !== req.tenant.id) throw StaffErrors.otherInstitution();
  if (STAFF_ROLE_RANK[s.role] < STAFF_ROLE_RANK[access]) throw StaffErrors.roleTooLow();
  if (s.totpRequired && !s.totpEnabled && !BEFORE_SECOND_FACTOR.has(req.routeOptions.url ?? ''))
    throw StaffErrors.secondFactorSetupRequired();
}

/**
 * The staff account acting in a staff call (the session scope has checked its access): its id, role
 * and libraries, in the institution of the request.
 */
export function requireStaff(req: FastifyRequest): StaffActor {
  const s = req.staffSession;
  if (!s) throw StaffErrors.loginRequired();
  if (s.role !== 'operator' && s.tenantId !== req.tenant.id) throw StaffErrors.otherInstitution();
  return {
    staffId: s.staffId,
    tenantId: req.tenant.id,
    role: s.role,
    libCodes: s.libCodes,
    username: s.username,
    name: s.name,
    session: s,
  };
}
