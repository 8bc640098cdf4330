import { STAFF_ROLE_RANK, type StaffRole } from '@openfind/contract';

/** Whether `role` is `least` or above it (staff < admin < operator), as the server ranks them. */
export function roleAtLeast(role: StaffRole, least: StaffRole): boolean {
  return STAFF_ROLE_RANK[role] >= STAFF_ROLE_RANK[least];
}
