import { readStorage, writeStorage } from '../../lib/storage';

/** localStorage key of the reader's library choice. */
export const LIB_CODE_STORAGE_KEY = 'libCode';

/** The stored library choice ('' when none). */
export function readStoredLibCode(): string {
  return readStorage('local', LIB_CODE_STORAGE_KEY) ?? '';
}

/** Stores the library choice. */
export function storeLibCode(libCode: string): void {
  writeStorage('local', LIB_CODE_STORAGE_KEY, libCode || null);
}
