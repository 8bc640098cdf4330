import { useCallback, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCaptcha } from '../../auth';
import { accountKeys } from '../query-keys';

/** One image code per scene, account name and draw: never shared, never refetched behind the reader's back. */
const captchaQuery = (scene: 1 | 2, userName: string, draw: number) =>
  queryOptions({
    queryKey: accountKeys.captcha(scene, userName, draw),
    queryFn: () => fetchCaptcha(scene, userName),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * The image code of a form. `refresh` draws a new one (a click on the image, or after a failed
 * submit: every code is single use). Disabled until `enabled` (scene 2 needs the account name).
 */
export function useCaptcha(scene: 1 | 2, userName = '', enabled = true) {
  const [draw, setDraw] = useState(0);
  const query = useQuery({ ...captchaQuery(scene, userName, draw), enabled });
  const refresh = useCallback(() => setDraw((d) => d + 1), []);
  return { captcha: query.data, isLoading: query.isFetching, isError: query.isError, refresh };
}
