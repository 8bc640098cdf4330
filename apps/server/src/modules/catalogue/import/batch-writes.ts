import type { EncodedBatch, StoreResult } from '../catalogue-repository.js';

/** A batch being written: what it touches, and a promise that settles (never rejects) when it is done. */
interface Flight {
  keys: ReadonlySet<string>;
  barcodes: ReadonlySet<string>;
  settled: Promise<void>;
}

/** PostgreSQL's deadlock_detected: the transaction was rolled back and can simply run again. */
const DEADLOCK = '40P01';
const DEADLOCK_ATTEMPTS = 3;

/**
 * The batches of an import being written: up to `limit` at once, each in its own transaction, so
 * that the database stores one batch while the next is sent (on a PostgreSQL server; the embedded
 * database has one connection and writes one at a time, `limit` 1). Batches start in the order they
 * come. One that shares a source key or an item barcode with a batch still in flight waits for it,
 * so the later record wins as it would in file order, and the two transactions never wait on each
 * other's rows. A transaction that PostgreSQL still ends as a deadlock (two batches moving copies
 * away from the same older record) is run again. After a failure no further batch starts, and
 * `add` or `drain` rethrows the first failure.
 */
export class BatchWrites {
  private readonly inFlight = new Set<Flight>();
  private failed = false;
  private failure: unknown;

  constructor(
    private readonly write: (batch: EncodedBatch) => Promise<StoreResult>,
    private readonly limit: number,
  ) {}

  /**
   * Starts writing `batch` as soon as fewer than `limit` batches are in flight (resolving then, not
   * when it is stored); `stored` hears its result once it has committed.
   */
  async add(batch: EncodedBatch, stored: (result: StoreResult) => void): Promise<void> {
    this.rethrow();
    while (this.inFlight.size >= this.limit) {
      await Promise.race([...this.inFlight].map((f) => f.settled));
      this.rethrow();
    }
    const keys = new Set(batch.sourceKeys);
    const barcodes = new Set(batch.barcodes);
    const earlier = [...this.inFlight].filter(
      (f) => overlaps(f.keys, batch.sourceKeys) || overlaps(f.barcodes, batch.barcodes),
    );
    const flight: Flight = { keys, barcodes, settled: Promise.resolve() };
    flight.settled = Promise.all(earlier.map((f) => f.settled))
      .then(async () => {
        if (this.failed) return;
        stored(await this.writeWithRetry(batch));
      })
      .catch((err: unknown) => {
        if (!this.failed) [this.failed, this.failure] = [true, err];
      })
      .finally(() => this.inFlight.delete(flight));
    this.inFlight.add(flight);
  }

  /** Waits until every batch started has been stored; rethrows the first failure. */
  async drain(): Promise<void> {
    await this.settle();
    this.rethrow();
  }

  /** Waits until no write is running, whatever became of them (before giving up on an import). */
  async settle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight].map((f) => f.settled));
  }

  private async writeWithRetry(batch: EncodedBatch): Promise<StoreResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.write(batch);
      } catch (err) {
        if (attempt >= DEADLOCK_ATTEMPTS || (err as { code?: unknown }).code !== DEADLOCK) throw err;
      }
    }
  }

  private rethrow(): void {
    if (this.failed) throw this.failure;
  }
}

function overlaps(set: ReadonlySet<string>, values: readonly string[]): boolean {
  return values.some((v) => set.has(v));
}
