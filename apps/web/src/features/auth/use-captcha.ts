import { useQuery } from '@tanstack/react-query';
import { fetchCaptcha } from './auth-api';
import { authKeys } from './query-keys';

/**
 * An image code for the login forms: fetched on mount, again on refresh() (a click on the image,
 * a failed login). Never reused from the cache: each code works once.
 */
export function useCaptcha() {
  const query = useQuery({
    queryKey: authKeys.captcha(),
    queryFn: () => fetchCaptcha(),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  return {
    image: query.data?.verifyCode ?? '',
    // Spec §8: after a failed fetch there is no code key to send.
    codeKey: query.isError ? '' : (query.data?.codeKey ?? ''),
    isFailed: query.isError,
    isLoading: query.isFetching,
    refresh: () => query.refetch(),
  };
}
