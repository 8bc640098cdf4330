/**
 * Database navigation (/dataBaseNav, /newDataBase and their detail pages): the screens are loaded by
 * the route table (app/screens.ts, one chunk of their own); other features use nothing else of it.
 */
export { dbKeys } from './query-keys';
