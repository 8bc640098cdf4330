import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../lib/storage';

/**
 * The guided tour of spec §4 (3 steps): step 1 welcomes a first-time reader (Start), step 2 has
 * Pass or Next, step 3 Pass or Finish. The step and the page to return to survive a reload.
 */
export type TourStep = 1 | 2 | 3;
export const TOUR_STEPS = 3;

const STEP_KEY = 'tourStep';
const RETURN_KEY = 'tourReturnPath';
const listeners = new Set<() => void>();

function readStep(): TourStep | null {
  const n = Number(readStorage('session', STEP_KEY));
  return n === 1 || n === 2 || n === 3 ? n : null;
}

/** Shows a tour step (null ends the tour). */
export function setTourStep(step: TourStep | null): void {
  writeStorage('session', STEP_KEY, step ? String(step) : null);
  if (!step) writeStorage('session', RETURN_KEY, null);
  for (const listener of listeners) listener();
}

/** Starts the tour at step 1, remembering the page to come back to. */
export function startTour(returnPath: string): void {
  writeStorage('session', RETURN_KEY, returnPath);
  setTourStep(1);
}

/** The page the reader was on when the tour began. */
export function tourReturnPath(): string {
  return readStorage('session', RETURN_KEY) || '/Home';
}

/** The current tour step as a React hook. */
export function useTourStep(): TourStep | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readStep,
    readStep,
  );
}
