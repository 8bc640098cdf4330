import { lazy } from 'react';

/** Problem feedback and e-questions: My Library's panel (key 12) is its own chunk, loaded when the entry is opened. */
export const FeedbackPanel = lazy(() => import('./components/FeedbackPanel'));
