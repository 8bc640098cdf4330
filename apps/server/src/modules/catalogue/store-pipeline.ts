import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AnalysisPool } from './analysis-pool.js';
import { writeBatch, type StoreResult } from './catalogue-repository.js';
import { BatchWrites } from './import/batch-writes.js';
import type { RecordInput } from './record-input.js';

/** Totals of a pipeline run. */
export interface PipelineTotals {
  created: number;
  updated: number;
  unchanged: number;
  warnings: string[];
}

/** Batches that may wait for the database at once (each holds a few hundred records in memory). */
const QUEUE_DEPTH = 3;

/**
 * Stores batches of records with analysis and writing overlapped: while the database writes one
 * batch in its transaction, the workers analyse the next; with `writers` > 1 (a PostgreSQL server)
 * that many batches are written at once (`BatchWrites`: a batch sharing a source key or barcode with
 * one in flight waits for it). Each batch commits on its own, so an interrupted run loses no
 * committed batch and a re-run completes it without duplicates.
 */
export class StorePipeline {
  private readonly pool = new AnalysisPool();
  private readonly writes: BatchWrites;
  /** Hands the analysed batches to `writes` in the order they were pushed. */
  private chain: Promise<void> = Promise.resolve();
  /** Batches queued but not yet handed to `writes`, oldest first. */
  private readonly queued: Array<Promise<void>> = [];
  private failure: unknown;
  readonly totals: PipelineTotals = { created: 0, updated: 0, unchanged: 0, warnings: [] };

  constructor(
    db: Kysely<Database>,
    tenantId: number,
    private readonly onStored?: (result: StoreResult, batch: RecordInput[]) => void,
    writers = 1,
  ) {
    this.writes = new BatchWrites((batch) => writeBatch(db, tenantId, batch), writers);
  }

  /**
   * Queues a batch: it is analysed at once and written after the batches before it have started.
   * Resolves when fewer than QUEUE_DEPTH batches wait, so reading goes on while the database writes.
   */
  async push(batch: RecordInput[]): Promise<void> {
    if (this.failure) throw this.failure;
    const encoded = this.pool.encode(batch);
    encoded.catch(() => undefined); // a failure is reported through the chain
    this.chain = this.chain
      .then(() => (this.failure ? Promise.reject(this.failure) : encoded))
      .then((ready) =>
        this.writes.add(ready, (result) => {
          this.totals.created += result.created;
          this.totals.updated += result.updated;
          this.totals.unchanged += result.unchanged;
          this.totals.warnings.push(...result.warnings);
          this.onStored?.(result, batch);
        }),
      )
      .catch((err: unknown) => {
        this.failure ??= err;
      });
    this.queued.push(this.chain);
    if (this.queued.length >= QUEUE_DEPTH) await this.queued.shift();
    if (this.failure) throw this.failure;
  }

  /** Waits for every batch pushed so far, stops the workers; throws the first failure. */
  async finish(): Promise<PipelineTotals> {
    await this.chain;
    await this.writes.drain().catch((err: unknown) => {
      this.failure ??= err;
    });
    await this.pool.close();
    if (this.failure) throw this.failure;
    return this.totals;
  }
}
