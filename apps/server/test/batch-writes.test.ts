import { describe, expect, it } from 'vitest';
import type { EncodedBatch, StoreResult } from '../src/modules/catalogue/catalogue-repository.js';
import { BatchWrites } from '../src/modules/catalogue/import/batch-writes.js';

// The scheduling of an import's batch writes; the writes themselves are covered by import.test.ts
// (on the embedded database, and on PostgreSQL in the PostgreSQL suite).

const batch = (sourceKeys: string[], barcodes: string[] = []): EncodedBatch => ({
  count: sourceKeys.length,
  rows: '[]',
  marcs: '',
  items: '[]',
  barcodes,
  sourceKeys,
  superseded: 0,
  warnings: [],
});
const result = (n: number): StoreResult => ({ created: n, updated: 0, unchanged: 0, ids: new Map(), warnings: [] });

/** A write function whose calls are recorded and finished by hand. */
function manualWrites() {
  const calls: Array<{ keys: string[]; finish: (err?: unknown) => void }> = [];
  const write = (b: EncodedBatch) =>
    new Promise<StoreResult>((resolve, reject) => {
      calls.push({ keys: b.sourceKeys, finish: (err) => (err ? reject(err) : resolve(result(b.count))) });
    });
  return { calls, write };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the batch writes of an import', () => {
  it('writes up to the limit at once, in the order the batches come', async () => {
    const { calls, write } = manualWrites();
    const writes = new BatchWrites(write, 2);
    const stored: number[] = [];
    await writes.add(batch(['a']), (r) => stored.push(r.created));
    await writes.add(batch(['b', 'c']), (r) => stored.push(r.created));
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c']]);
    let third = false;
    const adding = writes.add(batch(['d']), (r) => stored.push(r.created)).then(() => (third = true));
    await tick();
    expect(third).toBe(false); // no free slot yet
    calls[1]!.finish();
    await adding;
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c'], ['d']]);
    calls[0]!.finish();
    calls[2]!.finish();
    await writes.drain();
    expect(stored).toEqual([2, 1, 1]);
  });

  it('holds back a batch that shares a source key or a barcode with one in flight until it is stored', async () => {
    const { calls, write } = manualWrites();
    const writes = new BatchWrites(write, 3);
    await writes.add(batch(['a'], ['B1']), () => undefined);
    await writes.add(batch(['b'], ['B2']), () => undefined);
    await writes.add(batch(['a2'], ['B2']), () => undefined); // the barcode of the second
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b']]);
    calls[1]!.finish();
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b'], ['a2']]);
    await writes.add(batch(['x', 'a']), () => undefined); // the source key of the first
    await tick();
    expect(calls).toHaveLength(3);
    calls[0]!.finish();
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b'], ['a2'], ['x', 'a']]);
    calls[2]!.finish();
    calls[3]!.finish();
    await writes.drain();
  });

  it('starts nothing after a failure and gives the first failure to the caller', async () => {
    const { calls, write } = manualWrites();
    const writes = new BatchWrites(write, 2);
    const stored: string[] = [];
    await writes.add(batch(['a']), () => stored.push('a'));
    await writes.add(batch(['b']), () => stored.push('b'));
    await tick();
    calls[0]!.finish(new Error('disk full'));
    calls[1]!.finish();
    await expect(writes.add(batch(['c']), () => stored.push('c'))).rejects.toThrow('disk full');
    await expect(writes.drain()).rejects.toThrow('disk full');
    expect(calls).toHaveLength(2);
    expect(stored).toEqual(['b']); // the batch already written commits and is counted
  });

  it('does not write a batch that waited on one that failed', async () => {
    const { calls, write } = manualWrites();
    const writes = new BatchWrites(write, 2);
    await writes.add(batch(['a']), () => undefined);
    await writes.add(batch(['a']), () => undefined);
    await tick();
    calls[0]!.finish(new Error('refused'));
    await expect(writes.drain()).rejects.toThrow('refused');
    expect(calls).toHaveLength(1);
  });

  it('runs a transaction PostgreSQL ended as a deadlock again, and gives up on other errors', async () => {
    let attempts = 0;
    const writes = new BatchWrites(async (b) => {
      attempts++;
      if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return result(b.count);
    }, 2);
    const stored: number[] = [];
    await writes.add(batch(['a', 'b']), (r) => stored.push(r.created));
    await writes.drain();
    expect([attempts, stored]).toEqual([2, [2]]);

    const failing = new BatchWrites(async () => {
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    }, 2);
    await failing.add(batch(['a']), () => undefined);
    await expect(failing.drain()).rejects.toThrow('duplicate key');
  });
});
