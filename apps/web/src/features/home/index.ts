export { HomePage } from './pages/HomePage';
export { SEARCH_SCOPES, buildSearchUrl, DEFAULT_SEARCH_FIELD } from './search-scopes';
export { homeKeys } from './query-keys';
