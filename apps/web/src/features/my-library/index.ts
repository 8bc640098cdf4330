export { MyLibraryPage } from './pages/MyLibraryPage';
export { BUILT_KEYS, MY_LIBRARY_KEYS, menuKeys, openedKey } from './menu';
export type { MyLibraryKey } from './menu';
