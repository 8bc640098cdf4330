import { lazy } from 'react';

/**
 * Course reading lists: the four screens are loaded by the route table (app/screens.ts, one chunk);
 * My Library's "my courses" panel (key 16) is its own chunk, loaded when the entry is opened.
 */
export const MyCoursesPanel = lazy(() => import('./components/MyCoursesPanel'));
export { coursesKeys } from './query-keys';
