export { LibrarySelector } from './components/LibrarySelector';
export { readStoredLibCode, storeLibCode, LIB_CODE_STORAGE_KEY } from './library-storage';
export { libsQueryOptions, useLibs } from './api/get-libs';
export { saveLastLibCode, useSaveLastLibCode } from './api/save-last-lib-code';
export { libraryKeys } from './query-keys';
