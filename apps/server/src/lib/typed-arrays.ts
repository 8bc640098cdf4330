/** Typed arrays that the in-memory search stores grow as records arrive. */
type Growable = Int32Array | Int16Array | Uint16Array | Uint8Array | Float64Array;

/** `a` if it holds `size` elements, else a copy with room for at least `size` (doubling). */
export function grow<T extends Growable>(a: T, size: number): T {
  if (a.length >= size) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(size, a.length * 2, 1024));
  b.set(a);
  return b;
}
