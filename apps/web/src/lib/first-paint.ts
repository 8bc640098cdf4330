import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DefaultError, QueryKey, UseQueryOptions } from '@tanstack/react-query';

/**
 * Whether the page has painted once since it loaded. What a screen does not show first (Ant Design's
 * parts, the data below its heading) waits for it, so that on a slow phone its downloads do not share
 * the line with what the first paint needs. After the first paint it is true for good.
 */
let hasPainted = false;
let isWaiting = false;
const listeners = new Set<() => void>();

/** The longest anything waits for the first paint (a page opened in a background tab paints only when shown). */
const PAINT_WAIT_MS = 3000;

function painted() {
  if (hasPainted) return;
  hasPainted = true;
  listeners.forEach((l) => l());
}

/**
 * Waits for the browser's first contentful paint entry, which comes once the frame is on screen (a
 * task after `requestAnimationFrame` can still come before it); where paint entries are not
 * reported, a frame and a task after it.
 */
function waitForPaint() {
  if (isWaiting) return;
  isWaiting = true;
  const observes =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!observes) {
    requestAnimationFrame(() => setTimeout(painted, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    painted();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(() => {
    observer.disconnect();
    painted();
  }, PAINT_WAIT_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  waitForPaint();
  return () => listeners.delete(listener);
}

/** True once the page has painted (false in the render that paints first). */
export function useHasPainted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasPainted,
    () => false,
  );
}

/**
 * `useQuery` for a screen's secondary data (holdings, ratings, charts below the heading): asked once
 * the page has painted, not in the same frame as the screen's first render. Until then the query is
 * pending, as while it loads.
 */
export function useQueryAfterPaint<TData, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TData, DefaultError, TData, TKey>,
) {
  const painted = useHasPainted();
  const { enabled } = options;
  return useQuery({
    ...options,
    enabled: typeof enabled === 'function' ? (query) => painted && enabled(query) : painted && enabled !== false,
  });
}
