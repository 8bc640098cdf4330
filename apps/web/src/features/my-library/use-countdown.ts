import { useEffect, useState } from 'react';

/**
 * Seconds left until a deadline given as the server's seconds left (`secondsLeft`, counted on the
 * browser's clock from when it came), ticking each second while `running`; 0 once over. A new
 * `key` (a new code or payment) starts again.
 */
export function useCountdown(secondsLeft: number, key: unknown, running = true): number {
  const [left, setLeft] = useState(secondsLeft);
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setLeft(secondsLeft);
  }
  useEffect(() => {
    if (!running) return;
    const deadline = Date.now() + secondsLeft * 1000;
    const timer = setInterval(() => setLeft(Math.max(0, Math.round((deadline - Date.now()) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [running, key, secondsLeft]);
  return left;
}

/** `m:ss` of seconds. */
export const minutesSeconds = (s: number) => ({
  minutes: Math.floor(s / 60),
  seconds: String(s % 60).padStart(2, '0'),
});
