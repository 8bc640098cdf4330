// The home page itself is a screen of its own (app/screens.ts imports pages/HomePage lazily): exporting it
// here would pull it into every chunk that imports this index (the shell's fixed icons, the menu's beacon).
export { SEARCH_SCOPES, buildSearchUrl, DEFAULT_SEARCH_FIELD } from './search-scopes';
export { homeKeys } from './query-keys';
export { LazyFixedIcons } from './fixed-icons/LazyFixedIcons';
export { countElement, countNavClick } from './nav-beacon';
