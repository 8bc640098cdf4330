import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@openfind/contract';
import { loadUserInfo, useSession } from '../auth';
import { accountKeys } from './query-keys';

/** The logged-in reader: the session's stored user info, loaded once when the session has none yet. */
export function useReader(enabled = true): { isLoggedIn: boolean; user: UserInfo | null; isFailed: boolean } {
  const session = useSession();
  const { data, isError } = useQuery({
    queryKey: accountKeys.userInfo(),
    queryFn: loadUserInfo,
    enabled: enabled && session.isLoggedIn && !session.userInfo,
    retry: false,
  });
  return { isLoggedIn: session.isLoggedIn, user: session.userInfo ?? data ?? null, isFailed: isError };
}
