/** Unit tests only: a window with in-memory Web Storage and events, for logic that reads them. */
export function fakeStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

/** A minimal window: EventTarget plus session and local storage and an assignable location. */
export function fakeWindow(href = 'http://localhost/Home') {
  const assigned: string[] = [];
  return Object.assign(new EventTarget(), {
    sessionStorage: fakeStorage(),
    localStorage: fakeStorage(),
    location: { href, assign: (url: string) => void assigned.push(url) },
    assigned,
  });
}
