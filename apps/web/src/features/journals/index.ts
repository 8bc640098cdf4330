/**
 * Journal navigation (/magazineNav, /magazineNavDetail): the screens are loaded by the route table
 * (app/screens.ts) as one chunk of their own; nothing else is shared.
 */
export { journalKeys } from './api';
