/** Spec §4 "Inactivity timer" / §9: a tick every 10 s, activity resets the count debounced by 1 s. */
export const INACTIVITY_TICK_MS = 10_000;
export const ACTIVITY_DEBOUNCE_MS = 1_000;
/** What counts as activity. */
export const ACTIVITY_EVENTS = ['click', 'keydown', 'mousemove', 'wheel'] as const;

/** Ticks until expiry: primaryIdProtectTime (minutes) × 6; at least one. */
export function inactivityLimitTicks(minutes: string | number): number {
  const m = Number(minutes);
  return Number.isFinite(m) && m > 0 ? Math.round(m * 6) : 1;
}

/** A running inactivity count. */
export type InactivityTimer = {
  /** Reports activity: the count restarts once the activity has paused for a second. */
  activity(): void;
  stop(): void;
  /** Ticks counted since the last reset. */
  ticks(): number;
};

/** Counts ticks of inactivity and calls `onExpire` once when `limitTicks` is reached (then stops). */
export function startInactivityTimer(limitTicks: number, onExpire: () => void): InactivityTimer {
  let count = 0;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  const interval = setInterval(() => {
    count += 1;
    if (count >= limitTicks) {
      stop();
      onExpire();
    }
  }, INACTIVITY_TICK_MS);
  function stop() {
    clearInterval(interval);
    clearTimeout(debounce);
  }
  return {
    activity() {
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        count = 0;
      }, ACTIVITY_DEBOUNCE_MS);
    },
    stop,
    ticks: () => count,
  };
}
