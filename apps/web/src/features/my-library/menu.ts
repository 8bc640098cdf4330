/** The personal centre's entries by key (spec §2), in their default order. */
export const MY_LIBRARY_KEYS = [
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  '13',
  '14',
  '16',
  '17',
  '19',
] as const;
export type MyLibraryKey = (typeof MY_LIBRARY_KEYS)[number];

/** The entries built so far (issue 27 builds the circulation ones one by one); the others say "not yet". */
export const BUILT_KEYS: ReadonlySet<MyLibraryKey> = new Set<MyLibraryKey>([
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  '13',
  '14',
  '16',
  '17',
  '19',
]);

export const isMyLibraryKey = (value: unknown): value is MyLibraryKey =>
  typeof value === 'string' && (MY_LIBRARY_KEYS as readonly string[]).includes(value);

/** A comma-separated list of keys, as the site configuration gives it: known keys, each once, in order. */
function keysOf(list: string): MyLibraryKey[] {
  return [...new Set(list.split(',').map((k) => k.trim()))].filter(isMyLibraryKey);
}

/**
 * The menu's entries: in the order of `myLibraryLeftMenuShowSort`, without those of
 * `myLibraryLeftMenuNotShowSort` (spec §2); the default order when the configured one names none.
 */
export function menuKeys(showSort: string, notShowSort: string): MyLibraryKey[] {
  const shown = keysOf(showSort);
  const hidden = new Set(keysOf(notShowSort));
  return (shown.length ? shown : [...MY_LIBRARY_KEYS]).filter((k) => !hidden.has(k));
}

/**
 * The entry a visit opens: the one the URL names if the menu shows it, else the menu's first built
 * entry, else its first.
 */
export function openedKey(keys: readonly MyLibraryKey[], asked: string | null): MyLibraryKey | undefined {
  if (isMyLibraryKey(asked) && keys.includes(asked)) return asked;
  return keys.find((k) => BUILT_KEYS.has(k)) ?? keys[0];
}
