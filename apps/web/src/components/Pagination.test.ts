import { describe, expect, it } from 'vitest';
import { pageItems } from './Pagination';

describe('pageItems', () => {
  it('shows every page up to seven', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageItems(1, 100)).toEqual([1, 2, 3, 4, 'gap', 100]);
    expect(pageItems(3, 100)).toEqual([1, 2, 3, 4, 'gap', 100]);
    expect(pageItems(4, 100)).toEqual([1, 2, 3, 4, 5, 'gap', 100]);
    expect(pageItems(50, 100)).toEqual([1, 'gap', 49, 50, 51, 'gap', 100]);
    expect(pageItems(98, 100)).toEqual([1, 'gap', 97, 98, 99, 100]);
    expect(pageItems(100, 100)).toEqual([1, 'gap', 97, 98, 99, 100]);
  });

  it('never leaves out a single page behind a gap', () => {
    for (let last = 8; last <= 12; last++)
      for (let current = 1; current <= last; current++) {
        const items = pageItems(current, last);
        const numbers = items.filter((i): i is number => i !== 'gap');
        expect(numbers).toContain(current);
        for (let i = 1; i < items.length; i++) {
          const [a, b] = [items[i - 1], items[i]];
          if (typeof a === 'number' && typeof b === 'number') expect(b).toBe(a + 1);
          if (a === 'gap') expect((items[i] as number) - (items[i - 2] as number)).toBeGreaterThan(2);
        }
      }
  });
});
