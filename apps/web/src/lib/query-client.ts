import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/** Retries once on transport failures only; business answers are final. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout') && failureCount < 1;
}

/** Creates the application's query cache. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
