import { useQuery } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import { api } from '../../lib/api-client';
import { inboxKeys } from './query-keys';

/**
 * How many of the logged-in reader's messages are unread (the header's badge): asked only while a
 * reader is logged in (a visitor never asks), again after a minute when the window regains focus,
 * and at once when the inbox changes (its panel invalidates `inboxKeys`). Quietly 0 when it fails.
 */
export function useUnreadCount(isLoggedIn: boolean): number {
  const query = useQuery({
    queryKey: inboxKeys.unread(),
    queryFn: ({ signal }) => api.call(Calls.inboxUnreadCount, undefined, { signal, silent: true }),
    enabled: isLoggedIn,
    staleTime: 60_000,
    retry: false,
  });
  return isLoggedIn ? (query.data?.unreadCount ?? 0) : 0;
}
