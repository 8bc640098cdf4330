import { describe, expect, it } from 'vitest';
import { capAnswer, ELLIPSIS } from '../src/lib/answer-caps.js';

describe('capAnswer', () => {
  const caps = { maxString: 10, maxItems: 3, budget: 40 };

  it('cuts long strings with an ellipsis and long arrays, keeping every key and type', () => {
    const value = {
      title: 'a'.repeat(50),
      n: 7,
      flag: true,
      none: null,
      list: ['x', 'y', 'z', 'w'],
      nested: { s: 'ok' },
    };
    expect(capAnswer(value, caps)).toEqual({
      title: `${'a'.repeat(9)}${ELLIPSIS}`,
      n: 7,
      flag: true,
      none: null,
      list: ['x', 'y', 'z'],
      nested: { s: 'ok' },
    });
    // The value itself is left as it was.
    expect(value.title.length).toBe(50);
  });

  it('never splits a surrogate pair', () => {
    const capped = capAnswer('𠀀'.repeat(20), caps);
    expect(capped.length).toBeLessThanOrEqual(10);
    expect(capped.endsWith(ELLIPSIS)).toBe(true);
    expect(capped.slice(0, -1)).toBe('𠀀'.repeat(4));
  });

  it('once the budget is spent, strings shrink to the ellipsis and arrays end', () => {
    const capped = capAnswer(
      { a: 'b'.repeat(10), c: 'd'.repeat(10), e: 'f'.repeat(10), g: 'h'.repeat(10), i: 'j', list: [1, 2] },
      caps,
    );
    expect(capped).toEqual({
      a: 'b'.repeat(10),
      c: 'd'.repeat(10),
      e: 'f'.repeat(10),
      g: 'h'.repeat(10),
      i: ELLIPSIS,
      list: [],
    });
  });
});
