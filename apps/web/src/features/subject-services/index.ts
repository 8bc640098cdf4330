/**
 * Subject services (issue 30): departments, researchers, the institution's theses. The screens are
 * loaded by the route table (app/screens.ts: RoutePage 'subjectServices', a chunk of their own).
 */
export { subjectKeys } from './query-keys';
