/** A record changed since some time, and when (`updated_at` in ms since the epoch). */
export interface Change {
  record_id: number;
  updated_ms: number;
}

/**
 * What a mirror reads of the database: the repositories' functions over one database (see
 * `mirrorLoader` in `mirror-repository.ts`). The engine never sees the database itself.
 */
export interface MirrorLoader<Row> {
  /** The database clock (ms since the epoch). */
  now(): Promise<number>;
  /** A batch of the tenant's rows in record id order, after `afterId`. */
  rows(tenantId: number, opts: { afterId: number; limit: number }): Promise<Row[]>;
  /** The rows of these records of the tenant. */
  rowsByIds(tenantId: number, ids: number[]): Promise<Row[]>;
  /** The tenant's records changed since `sinceMs` (database clock), with when. */
  changed(tenantId: number, sinceMs: number): Promise<Change[]>;
  /** How many records the tenant has. */
  count(tenantId: number): Promise<number>;
}

/** One tenant's records in memory, as a mirror keeps them. */
export interface Mirrored<Row> {
  /** How many records it holds (a count in the database that differs means deletions). */
  readonly size: number;
  /** When a record it holds last changed, as read (its row's `updated_ms`); undefined when not held. */
  changedAt(recordId: number): number | undefined;
  /** Stores (or replaces) a record read after the build. */
  put(row: Row): void;
  /** Whether so much changed since the build that it should be built again. */
  readonly needsRebuild?: boolean;
}

/** Builds one tenant's mirror from all its rows (batches in record id order); `pause` lets requests through. */
export type MirrorBuilder<Row, T> = (rows: AsyncIterable<Row[]>, pause: () => Promise<void>) => Promise<T>;

const BATCH = 5000;
/** Changes are read again this far back, for transactions that committed after a refresh but started before it. */
const MARGIN_MS = 120_000;
/** How often the record count is compared (a difference means deletions: everything is read again). */
const FULL_CHECK_MS = 5 * 60_000;

/** A tenant's mirror and when it was read. */
interface Held<T> {
  value: T;
  /** When the last read started (ms since the epoch, database clock). */
  readStarted: number;
  /** When changes were last looked for, and the record count compared (this server's clock). */
  checkedAt: number;
  fullCheckedAt: number;
}

/** Stops a build when the mirror closes (the database is about to). */
class Stopped extends Error {}

/**
 * Of changed records, those whose change the mirror has not read: held with another `updated_ms`, or
 * not held. (Another, not an older one: an `updated_at` set by a transaction that started earlier
 * can go back in time.)
 */
export function unread(mirror: Mirrored<unknown>, changes: Change[]): number[] {
  return changes.filter((c) => mirror.changedAt(c.record_id) !== c.updated_ms).map((c) => c.record_id);
}

/**
 * A copy in memory of every tenant's records (the text index, the facet store): built from the
 * database on first use (the database stays the source of truth), then kept up to date by reading
 * the records changed since, and built again after deletions or many changes. Until a tenant's is
 * built, its searches are answered by the database. After a change is announced (`markStale`) a
 * use waits until the change is read: a mirror known to miss those records would answer, and be
 * cached, without them; periodic refreshes run behind the searches.
 */
export class TenantMirror<Row extends { record_id: number }, T extends Mirrored<Row>> {
  private readonly tenants = new Map<number, Held<T>>();
  private readonly loading = new Map<number, Promise<void>>();
  /** The refresh running per tenant, and how many announcements it reads. */
  private readonly refreshing = new Map<number, { done: Promise<void>; covers: number }>();
  /** Changes announced per tenant, and how many of them the mirror has read. */
  private readonly announced = new Map<number, number>();
  private readonly read = new Map<number, number>();
  protected closed = false;

  constructor(
    private readonly loader: MirrorLoader<Row>,
    private readonly build: MirrorBuilder<Row, T>,
    /** How often to look for changed records (0: before every use, and loads are awaited). */
    protected readonly refreshMs: number,
    protected readonly log: (err: unknown) => void = () => {},
  ) {}

  /** The tenant's mirror if it can be used now; a first build runs in the background (awaited in tests). */
  async get(tenantId: number): Promise<T | undefined> {
    if (this.closed) return undefined;
    const held = this.tenants.get(tenantId);
    if (!held) {
      const loading = this.load(tenantId);
      if (this.refreshMs === 0) await loading;
      else loading.catch(this.log);
      return this.tenants.get(tenantId)?.value;
    }
    const behind = (this.read.get(tenantId) ?? 0) < (this.announced.get(tenantId) ?? 0);
    if (behind || Date.now() - held.checkedAt >= this.refreshMs) {
      const refreshing = this.refreshFor(tenantId, held);
      if (this.refreshMs === 0 || behind) await refreshing.catch(this.log);
      else refreshing.catch(this.log);
    }
    return this.tenants.get(tenantId)?.value;
  }

  /** Builds the tenant's mirror now if it is not built. */
  async prepare(tenantId: number): Promise<void> {
    if (!this.tenants.has(tenantId)) await this.load(tenantId);
  }

  /** Stops building (the database is about to close); waits for the batch being read. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.loading.values()]);
  }

  /** Makes the next use of the tenant's mirror read the records changed since the last read. */
  markStale(tenantId: number): void {
    const held = this.tenants.get(tenantId);
    if (!held) return;
    held.checkedAt = 0;
    this.announced.set(tenantId, (this.announced.get(tenantId) ?? 0) + 1);
  }

  /** What follows a build, before the load is done (nothing here). */
  protected async built(_tenantId: number, _value: T): Promise<void> {}

  /** A refresh that reads every change announced so far (the one running, or one after it). */
  private refreshFor(tenantId: number, held: Held<T>): Promise<void> {
    const wanted = this.announced.get(tenantId) ?? 0;
    const running = this.refreshing.get(tenantId);
    if (running && running.covers >= wanted) return running.done;
    const done: Promise<void> = (running?.done.catch(() => undefined) ?? Promise.resolve())
      .then(() => this.refresh(tenantId, held))
      .then(() => void this.read.set(tenantId, Math.max(this.read.get(tenantId) ?? 0, wanted)))
      .finally(() => {
        if (this.refreshing.get(tenantId)?.done === done) this.refreshing.delete(tenantId);
      });
    this.refreshing.set(tenantId, { done, covers: wanted });
    return done;
  }

  /** Reads every record of the tenant and builds its mirror (one build at a time per tenant). */
  private load(tenantId: number): Promise<void> {
    let running = this.loading.get(tenantId);
    if (!running) {
      running = (async () => {
        const checkedAt = Date.now();
        const readStarted = await this.loader.now();
        const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
        const value = await this.build(this.batches(tenantId), pause).catch((err: unknown) => {
          if (err instanceof Stopped) return undefined;
          throw err;
        });
        if (!value || this.closed) return;
        this.tenants.set(tenantId, { value, readStarted, checkedAt, fullCheckedAt: checkedAt });
        await this.built(tenantId, value);
      })().finally(() => this.loading.delete(tenantId));
      this.loading.set(tenantId, running);
    }
    return running;
  }

  /** The tenant's rows in batches, until the mirror closes. */
  private async *batches(tenantId: number): AsyncIterable<Row[]> {
    for (let after = 0; ;) {
      if (this.closed) throw new Stopped();
      const rows = await this.loader.rows(tenantId, { afterId: after, limit: BATCH });
      yield rows;
      if (rows.length < BATCH) return;
      after = rows.at(-1)!.record_id;
    }
  }

  /** Reads the records changed since the last read; builds again after deletions or many changes. */
  private async refresh(tenantId: number, held: Held<T>): Promise<void> {
    const now = Date.now();
    held.checkedAt = now;
    if (now - held.fullCheckedAt >= Math.min(FULL_CHECK_MS, this.refreshMs * 10)) held.fullCheckedAt = now;
    const since = held.readStarted - (this.refreshMs > 0 ? MARGIN_MS : 0);
    held.readStarted = await this.loader.now();
    // Records are read again only when they changed since they were read (the margin finds the
    // same recent changes at every refresh: after an import, every record it wrote).
    const changed = unread(held.value, await this.loader.changed(tenantId, since));
    for (let at = 0; at < changed.length; at += BATCH) {
      for (const r of await this.loader.rowsByIds(tenantId, changed.slice(at, at + BATCH))) held.value.put(r);
    }
    const deleted = held.fullCheckedAt === now && (await this.loader.count(tenantId)) !== held.value.size;
    if (deleted || held.value.needsRebuild) {
      // The current mirror answers (with the changes read) until the new one is built.
      if (this.refreshMs === 0) await this.load(tenantId);
      else this.load(tenantId).catch(this.log);
    }
  }
}
