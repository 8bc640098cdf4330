import { describe, expect, it } from 'vitest';
import { CallNumbers } from '../src/modules/search/engine/call-numbers.js';

/** What `find` must answer, by testing every slot's numbers. */
function expected(numbers: Map<number, string[]>, codes: string[], exact: boolean): number[] {
  return [...numbers]
    .filter(([, ns]) => ns.some((n) => codes.some((c) => (exact ? n === c : n.startsWith(c)))))
    .map(([slot]) => slot)
    .sort((a, b) => a - b);
}

describe('call numbers in memory', () => {
  it('finds by prefix and whole number, each slot once, before and after changes', () => {
    let seed = 11;
    const random = (n: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    const pick = () =>
      `${['I24', 'I247.5', 'TP3', 'TP311', 'K2', 'Ⅱ', 'é'][random(7)]}${random(3) ? `/${random(40)}` : ''}`;
    const numbers = new Map<number, string[]>();
    const index = new CallNumbers();
    for (let slot = 0; slot < 3000; slot++) {
      // Some records have none, some several (a copy's number may repeat the record's).
      const ns = Array.from({ length: random(4) }, pick);
      numbers.set(slot, ns);
      index.put(slot, ns);
    }
    index.seal();
    const queries: Array<[string[], boolean]> = [
      [['I24'], false],
      [['I247.5/1'], false],
      [['I247.5/1'], true],
      [['TP3', 'I24'], false],
      [['TP311/7', 'K2'], true],
      [['Ⅱ'], false],
      [['ZZ'], false],
      [['A'], false],
      [['I'], false],
      [['I247.5/100'], false],
    ];
    const check = (note: string) => {
      for (const [codes, exact] of queries) {
        expect(Array.from(index.find(codes, exact)), `${note} ${codes} ${exact}`).toEqual(
          expected(numbers, codes, exact),
        );
      }
    };
    check('sorted');
    expect(index.find(['I24'], false).length).toBeGreaterThan(500);

    // A record read again with the numbers it has (a loan changed it, say) is not set aside.
    for (let slot = 0; slot < 3000; slot++) index.put(slot, numbers.get(slot)!);
    expect(index.changedCount).toBe(0);

    // Changed records (and new ones) are tested one by one…
    for (let slot = 0; slot < 3100; slot += 7) {
      const ns = slot % 2 ? [] : [`ZZ${slot}`, pick()];
      numbers.set(slot, ns);
      index.put(slot, ns);
    }
    check('changed');
    expect(index.find(['ZZ'], false).length).toBeGreaterThan(200);
    const aside = index.changedCount;
    for (let slot = 0; slot < 3100; slot += 7) index.put(slot, numbers.get(slot)!);
    expect(index.changedCount).toBe(aside);

    // …until so many changed that they are sorted again.
    for (let slot = 0; slot < 25_000; slot++) {
      const ns = slot % 3 ? [pick()] : [];
      numbers.set(slot, ns);
      index.put(slot, ns);
    }
    check('sorted again');
  });

  it('answers nothing for an empty code and refuses to search before the sort', () => {
    const index = new CallNumbers();
    index.put(0, ['A1', '']);
    expect(() => index.find(['A'], false)).toThrow(/before/);
    index.seal();
    expect(Array.from(index.find([''], false))).toEqual([]);
    expect(Array.from(index.find(['a1'], true))).toEqual([]);
    expect(Array.from(index.find(['A1'], true))).toEqual([0]);
  });
});
