import { useSyncExternalStore } from 'react';
import type { StaffIdentity, StaffLoginResult } from '@openfind/contract';
import { requestContext } from '../../../lib/api-client';
import { readStorage, writeStorage } from '../../../lib/storage';

/**
 * The staff console's session in this tab: the token of `POST /oga/admin/login`, its header and
 * expiry, and who it is. Kept in sessionStorage (per tab, gone when the tab closes), per institution,
 * never in a cookie: a staff call carries it in the `X-Staff-Token` header, so another site's page
 * cannot make one. Not the reader's session: the two never mix.
 */
export type StaffSessionState = {
  token: string;
  header: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  staff: StaffIdentity;
};

const keyOf = () => `openfind.staff.${requestContext().mappingPath || '_'}`;
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: StaffSessionState | null } = { raw: null, value: null };

function parse(raw: string | null): StaffSessionState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as StaffSessionState;
    return typeof value.token === 'string' && value.expiresAt > Date.now() ? value : null;
  } catch {
    return null;
  }
}

/** The session of this tab at this institution, or null (none, or expired). */
export function readStaffSession(): StaffSessionState | null {
  const raw = readStorage('session', keyOf());
  if (raw !== cached.raw) cached = { raw, value: parse(raw) };
  if (cached.value && cached.value.expiresAt <= Date.now()) cached = { raw, value: null };
  return cached.value;
}

function write(value: StaffSessionState | null): void {
  writeStorage('session', keyOf(), value ? JSON.stringify(value) : null);
  for (const l of listeners) l();
}

/** Keeps a login's session. */
export function saveStaffSession(result: StaffLoginResult): void {
  write({
    token: result.token,
    header: result.header,
    expiresAt: Date.now() + result.expiresIn * 1000,
    staff: result.staff,
  });
}

/** Forgets the session (logout, or the server said it has ended). */
export function clearStaffSession(): void {
  write(null);
}

/** Replaces who the session is (after `GET /find/admin/me`). */
export function updateStaffIdentity(staff: StaffIdentity): void {
  const current = readStaffSession();
  if (current) write({ ...current, staff });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session, re-rendering when it starts or ends. */
export function useStaffSession(): StaffSessionState | null {
  return useSyncExternalStore(subscribe, readStaffSession, () => null);
}
