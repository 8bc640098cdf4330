import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchCaptcha } from './captcha-api';
import { captchaKeys } from './query-keys';

type Options = {
  /** 2 for password recovery, where the code belongs to `userName`. */
  scene?: 1 | 2;
  userName?: string;
  /** Nothing is drawn until enabled (recovery waits for the account, binding for its ticket). */
  enabled?: boolean;
};

/**
 * The image code of a form (login, recovery, binding): drawn when enabled, and again on refresh() (a
 * click on the image, or after a submit: every code works once). Each draw has a key of its own, so a
 * code is never reused from the cache.
 */
export function useCaptcha({ scene = 1, userName = '', enabled = true }: Options = {}) {
  const [draw, setDraw] = useState(0);
  const query = useQuery({
    queryKey: captchaKeys.draw(scene, userName, draw),
    queryFn: () => fetchCaptcha(scene, userName),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const refresh = useCallback(() => setDraw((d) => d + 1), []);
  return {
    captcha: query.data,
    // Spec §8: after a failed draw there is no code key to send.
    codeKey: query.isError ? '' : (query.data?.codeKey ?? ''),
    isLoading: query.isFetching,
    isError: query.isError,
    refresh,
  };
}
