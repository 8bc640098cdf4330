import { lazy, Suspense, useEffect, useState } from 'react';

/** The bar's code: a chunk of its own, asked for once the page is idle. */
const FixedIcons = lazy(() => import('./FixedIcons'));

/** The longest the bar waits for an idle moment. */
const IDLE_WAIT_MS = 3000;

/**
 * The fixed icons at the page's right edge (back to top, feedback, the WeChat account's QR…), loaded
 * after the page is idle so that they never compete with what the screen shows first.
 */
export function LazyFixedIcons() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: IDLE_WAIT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(() => setReady(true), 1000);
    return () => window.clearTimeout(timer);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <FixedIcons />
    </Suspense>
  ) : null;
}
