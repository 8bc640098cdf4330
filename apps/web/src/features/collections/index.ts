/**
 * Special collections, special libraries, topics, e-books and book-list navigation: the screens are
 * loaded by the route table (app/screens.ts, RoutePage 'collections'), one chunk with its texts.
 */
export { collectionKeys } from './query-keys';
