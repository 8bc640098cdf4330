import type { StaffIdentity } from '@openfind/contract';
import { useStaffSession } from './staff-session';

/**
 * Who is signed in to the console: the screens inside the shell always have a session (the shell
 * sends anyone without one to the login), so this is never null there.
 */
export function useStaffIdentity(): StaffIdentity {
  const session = useStaffSession();
  if (!session) throw new Error('useStaffIdentity: outside the signed-in console');
  return session.staff;
}
