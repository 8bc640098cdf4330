/** Reads a key from a Web Storage area; private modes and sandboxes may throw, which reads as absent. */
export function readStorage(area: 'local' | 'session', key: string): string | null {
  try {
    return (area === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

/** Writes (or, with null, removes) a key of a Web Storage area, ignoring storage failures. */
export function writeStorage(area: 'local' | 'session', key: string, value: string | null): void {
  try {
    const store = area === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Storage is a convenience here: the page keeps working without it.
  }
}
