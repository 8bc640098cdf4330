import { describe, expect, it } from 'vitest';
import { ascending } from '../src/modules/search/search-service.js';
import { orderByScore } from '../src/modules/search/engine/text-index.js';

/** The order SQL gives: `ORDER BY score DESC, record_id DESC`, by a plain comparator. */
function reference(scores: Float64Array, ids: Int32Array): number[] {
  return [...ids.keys()].sort((a, b) => scores[b]! - scores[a]! || ids[b]! - ids[a]!).map((i) => ids[i]!);
}

/** A small deterministic generator, so that a failure can be run again. */
function generator(seed: number): () => number {
  let x = seed;
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x / 2 ** 32;
  };
}

/** Scores as the index makes them: float32 ranks, some equal, a title boost, a recency tie-break. */
function scoresOf(n: number, random: () => number, distinct: number): Float64Array {
  return Float64Array.from({ length: n }, () => {
    const rank = Math.fround(Math.floor(random() * distinct) / distinct);
    return rank + (random() < 0.05 ? 10 : 0) + Math.floor(random() * 5) * 0.0005;
  });
}

describe('orderByScore', () => {
  it('orders ids given ascending by score, highest first, then the newest record', () => {
    const random = generator(7);
    for (const [n, distinct] of [
      [1, 1],
      [2, 1],
      [500, 3],
      [5000, 50],
      [20000, 100000],
    ] as const) {
      const ids = new Int32Array(n);
      for (let i = 0, id = 0; i < n; i++) ids[i] = id += 1 + Math.floor(random() * 4);
      const scores = scoresOf(n, random, distinct);
      expect(Array.from(orderByScore(scores, ids))).toEqual(reference(scores, ids));
    }
  });

  it('orders ids given in any order the same way', () => {
    const random = generator(11);
    const n = 5000;
    const ids = Int32Array.from({ length: n }, (_, i) => i * 3 + 1);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    }
    const scores = scoresOf(n, random, 40);
    expect(Array.from(orderByScore(scores, ids))).toEqual(reference(scores, ids));
  });

  it('returns nothing for no matches', () => {
    expect(orderByScore(new Float64Array(0), new Int32Array(0))).toHaveLength(0);
  });
});

describe('ascending', () => {
  it('puts many ids or few in ascending order, by marks or by sorting', () => {
    const random = generator(5);
    for (const [n, range] of [
      [10, 1000],
      [5000, 6000],
      [20000, 1000000],
    ] as const) {
      const ids = new Set<number>();
      while (ids.size < n) ids.add(Math.floor(random() * range));
      const given = Int32Array.from(ids);
      expect(Array.from(ascending(given))).toEqual([...ids].sort((a, b) => a - b));
    }
    expect(ascending(new Int32Array(0))).toHaveLength(0);
  });
});
