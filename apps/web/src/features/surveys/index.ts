import { lazy } from 'react';

/** Questionnaires: My Library's panel (key 10) is its own chunk, loaded when the entry is opened. */
export const SurveysPanel = lazy(() => import('./components/SurveysPanel'));
