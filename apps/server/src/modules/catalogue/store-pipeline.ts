import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AnalysisPool } from './analysis-pool.js';
import { writeBatch, type StoreResult } from './catalogue-repository.js';
import type { RecordInput } from './record-input.js';

/** Totals of a pipeline run. */
export interface PipelineTotals {
  created: number;
  updated: number;
  unchanged: number;
  warnings: string[];
}

/**
 * Stores batches of records with analysis and writing overlapped: while the database writes one
 * batch in its transaction, the workers analyse the next. Each batch commits on its own, so an
 * interrupted run loses no committed batch and a re-run completes it without duplicates.
 */
/** Batches that may wait for the database at once (each holds a few hundred records in memory). */
const QUEUE_DEPTH = 3;

export class StorePipeline {
  private readonly pool = new AnalysisPool();
  private writing: Promise<void> = Promise.resolve();
  /** Batches queued but not yet written, oldest first. */
  private readonly queued: Array<Promise<void>> = [];
  private failure: unknown;
  readonly totals: PipelineTotals = { created: 0, updated: 0, unchanged: 0, warnings: [] };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tenantId: number,
    private readonly onStored?: (result: StoreResult, batch: RecordInput[]) => void | Promise<void>,
  ) {}

  /**
   * Queues a batch: it is analysed at once and written after the batches before it. Resolves when
   * fewer than QUEUE_DEPTH batches wait, so reading goes on while the database writes.
   */
  async push(batch: RecordInput[]): Promise<void> {
    if (this.failure) throw this.failure;
    const encoded = this.pool.encode(batch);
    encoded.catch(() => undefined); // a failure is reported through the write chain
    this.writing = this.writing
      .then(() => (this.failure ? Promise.reject(this.failure) : encoded))
      .then((ready) => writeBatch(this.db, this.tenantId, ready))
      .then(async (result) => {
        this.totals.created += result.created;
        this.totals.updated += result.updated;
        this.totals.unchanged += result.unchanged;
        this.totals.warnings.push(...result.warnings);
        await this.onStored?.(result, batch);
      })
      .catch((err: unknown) => {
        this.failure ??= err;
      });
    this.queued.push(this.writing);
    if (this.queued.length >= QUEUE_DEPTH) await this.queued.shift();
    if (this.failure) throw this.failure;
  }

  /** Waits until every batch pushed so far is written; throws the first failure. */
  async whenWritten(): Promise<void> {
    await this.writing;
    if (this.failure) throw this.failure;
  }

  /** Waits for the last batch and stops the workers; throws the first failure. */
  async finish(): Promise<PipelineTotals> {
    await this.writing;
    await this.pool.close();
    if (this.failure) throw this.failure;
    return this.totals;
  }
}
