import { describe, expect, it } from 'vitest';
import { PageFirst } from '../src/modules/search/engine/page-first.js';

/** A task that ends when `finish` is called, recording when it started and ended. */
function task(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(`${name} start`);
      await done;
      log.push(`${name} end`);
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('PageFirst', () => {
  it('counts facets at once when nothing else runs', async () => {
    const lanes = new PageFirst();
    const log: string[] = [];
    const f = task(log, 'f');
    const counted = lanes.facets(f.run);
    await tick();
    expect(log).toEqual(['f start']);
    f.finish();
    expect(await counted).toBe('f');
  });

  it('holds facet counts while pages are answered, then lets them go one at a time', async () => {
    const lanes = new PageFirst();
    const log: string[] = [];
    const [p1, p2, f1, f2] = ['p1', 'p2', 'f1', 'f2'].map((n) => task(log, n));
    const pages = [lanes.page(p1!.run), lanes.page(p2!.run)];
    const facets = [lanes.facets(f1!.run), lanes.facets(f2!.run)];
    await tick();
    expect(log).toEqual(['p1 start', 'p2 start']);
    expect(lanes.queued).toBe(2);
    p1!.finish();
    await tick();
    expect(log).toEqual(['p1 start', 'p2 start', 'p1 end']); // p2 still runs: no count yet
    p2!.finish();
    await tick();
    expect(log.slice(3)).toEqual(['p2 end', 'f1 start']); // the first count alone
    // A page arriving now runs beside the count (it cannot be stopped), and holds back the next one.
    const p3 = task(log, 'p3');
    const third = lanes.page(p3.run);
    f1!.finish();
    await tick();
    expect(log.slice(5)).toEqual(['p3 start', 'f1 end']);
    p3.finish();
    await tick();
    expect(log.slice(7)).toEqual(['p3 end', 'f2 start']);
    f2!.finish();
    expect(await Promise.all([...pages, third, ...facets])).toEqual(['p1', 'p2', 'p3', 'f1', 'f2']);
    expect(lanes.queued).toBe(0);
  });

  it('lets a count go after its longest wait even while pages keep coming', async () => {
    const lanes = new PageFirst(30);
    const log: string[] = [];
    const p = task(log, 'p');
    const f = task(log, 'f');
    const page = lanes.page(p.run);
    const counted = lanes.facets(f.run);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(log).toEqual(['p start', 'f start']);
    f.finish();
    p.finish();
    expect(await Promise.all([page, counted])).toEqual(['p', 'f']);
  });

  it('a failing page or count does not hold the others back', async () => {
    const lanes = new PageFirst();
    const log: string[] = [];
    const failing = lanes.page(async () => {
      await tick();
      throw new Error('page failed');
    });
    const f = task(log, 'f');
    const counted = lanes.facets(f.run);
    await expect(failing).rejects.toThrow('page failed');
    await tick();
    expect(log).toEqual(['f start']);
    f.finish();
    expect(await counted).toBe('f');
  });
});
