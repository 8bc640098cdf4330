import { describe, expect, it, vi } from 'vitest';
import {
  TenantMirror,
  unread,
  type Change,
  type MirrorLoader,
  type Mirrored,
} from '../src/modules/search/engine/tenant-mirror.js';

interface Row {
  record_id: number;
  text: string;
  updated_ms: number;
}

/** The simplest mirror: the rows by id. */
class Copy implements Mirrored<Row> {
  readonly rows = new Map<number, Row>();

  get size(): number {
    return this.rows.size;
  }

  changedAt(recordId: number): number | undefined {
    return this.rows.get(recordId)?.updated_ms;
  }

  put(row: Row): void {
    this.rows.set(row.record_id, row);
  }

  static async build(batches: AsyncIterable<Row[]>, pause: () => Promise<void>): Promise<Copy> {
    const copy = new Copy();
    for await (const batch of batches) {
      for (const r of batch) copy.put(r);
      await pause();
    }
    return copy;
  }
}

/** A table of rows per tenant in memory, which counts what is read and can hold reads back. */
class Table implements MirrorLoader<Row> {
  private readonly tenants = new Map<number, Map<number, Row>>();
  clock = 1_000_000;
  batchReads = 0;
  readById: number[] = [];
  /** While set, batch reads wait for it. */
  hold: Promise<void> | undefined;

  write(tenantId: number, id: number, text: string): void {
    let rows = this.tenants.get(tenantId);
    if (!rows) this.tenants.set(tenantId, (rows = new Map()));
    rows.set(id, { record_id: id, text, updated_ms: ++this.clock });
  }

  delete(tenantId: number, id: number): void {
    this.tenants.get(tenantId)?.delete(id);
  }

  private of(tenantId: number): Row[] {
    return [...(this.tenants.get(tenantId)?.values() ?? [])].sort((a, b) => a.record_id - b.record_id);
  }

  async now(): Promise<number> {
    return this.clock;
  }

  async rows(tenantId: number, opts: { afterId: number; limit: number }): Promise<Row[]> {
    this.batchReads++;
    await this.hold;
    return this.of(tenantId)
      .filter((r) => r.record_id > opts.afterId)
      .slice(0, opts.limit);
  }

  async rowsByIds(tenantId: number, ids: number[]): Promise<Row[]> {
    this.readById.push(...ids);
    return this.of(tenantId).filter((r) => ids.includes(r.record_id));
  }

  async changed(tenantId: number, sinceMs: number): Promise<Change[]> {
    return this.of(tenantId)
      .filter((r) => r.updated_ms >= sinceMs)
      .map((r) => ({ record_id: r.record_id, updated_ms: r.updated_ms }));
  }

  async count(tenantId: number): Promise<number> {
    return this.of(tenantId).length;
  }
}

const mirrorOf = (table: Table, refreshMs: number) => new TenantMirror(table, Copy.build, refreshMs);
const texts = (copy: Copy | undefined) => [...(copy?.rows.values() ?? [])].map((r) => r.text);

function twoTenants(): Table {
  const table = new Table();
  table.write(1, 10, 'a');
  table.write(1, 11, 'b');
  table.write(2, 12, 'other institution');
  return table;
}

describe('a mirror of every tenant in memory', () => {
  it('builds a tenant once however many ask at the same time, each tenant from its own rows', async () => {
    const table = twoTenants();
    let open!: () => void;
    table.hold = new Promise((resolve) => (open = resolve));
    const mirror = mirrorOf(table, 0);
    const asked = Array.from({ length: 5 }, () => mirror.get(1));
    const prepared = mirror.prepare(1);
    open();
    const got = await Promise.all(asked);
    await prepared;
    expect(table.batchReads).toBe(1);
    expect(new Set(got).size).toBe(1);
    expect(texts(got[0])).toEqual(['a', 'b']);
    expect(texts(await mirror.get(2))).toEqual(['other institution']);
  });

  it('builds in the background outside tests, and answers only once built', async () => {
    const table = twoTenants();
    const mirror = mirrorOf(table, 60_000);
    expect(await mirror.get(1)).toBeUndefined();
    await mirror.prepare(1);
    expect(texts(await mirror.get(1))).toEqual(['a', 'b']);
  });

  it('reads the records changed after a change is announced, and only those, before it answers', async () => {
    const table = twoTenants();
    const mirror = mirrorOf(table, 60_000);
    await mirror.prepare(1);
    const copy = (await mirror.get(1))!;
    table.write(1, 11, 'b changed');
    table.write(1, 13, 'c');
    // Not announced: read at the next periodic refresh, a minute on.
    expect(texts(await mirror.get(1))).toEqual(['a', 'b']);
    mirror.markStale(1);
    expect(texts(await mirror.get(1))).toEqual(['a', 'b changed', 'c']);
    expect(await mirror.get(1)).toBe(copy);
    // The changes since the last read (and a margin before it) hold records read already: only what changed is read.
    expect(table.readById).toEqual([11, 13]);
    mirror.markStale(1);
    await mirror.get(1);
    expect(table.readById).toEqual([11, 13]);
  });

  it('builds a tenant again when records were deleted, and answers with the new one', async () => {
    const table = twoTenants();
    const mirror = mirrorOf(table, 0);
    const first = (await mirror.get(1))!;
    table.delete(1, 10);
    const second = (await mirror.get(1))!;
    expect(second).not.toBe(first);
    expect(texts(second)).toEqual(['b']);
    expect(table.batchReads).toBe(2);
  });

  it('stops building when closed, once the batch being read is in, and answers nothing after', async () => {
    const table = twoTenants();
    // More than one batch: the second is not read.
    for (let id = 100; id < 5200; id++) table.write(1, id, 'more');
    let open!: () => void;
    table.hold = new Promise((resolve) => (open = resolve));
    const mirror = mirrorOf(table, 0);
    const prepared = mirror.prepare(1);
    await vi.waitFor(() => expect(table.batchReads).toBe(1));
    let closed = false;
    const closing = mirror.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).toBe(false);
    open();
    await closing;
    await prepared;
    expect(await mirror.get(1)).toBeUndefined();
    expect(await mirror.get(2)).toBeUndefined();
    expect(table.batchReads).toBe(1);
  });

  it('counts a record as unread when its time differs from the one read, earlier or later', () => {
    const copy = new Copy();
    copy.put({ record_id: 1, text: 'a', updated_ms: 100 });
    copy.put({ record_id: 2, text: 'b', updated_ms: 100 });
    const changes = [
      { record_id: 1, updated_ms: 100 },
      { record_id: 2, updated_ms: 99 },
      { record_id: 3, updated_ms: 100 },
    ];
    expect(unread(copy, changes)).toEqual([2, 3]);
  });
});
