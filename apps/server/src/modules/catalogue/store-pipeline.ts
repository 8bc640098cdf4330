import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AnalysisPool } from './analysis-pool.js';
import { findContentHashes, storeRecords, type StoreResult } from './catalogue-repository.js';
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
export class StorePipeline {
  private readonly pool = new AnalysisPool();
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown;
  readonly totals: PipelineTotals = { created: 0, updated: 0, unchanged: 0, warnings: [] };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tenantId: number,
    private readonly onStored?: (result: StoreResult, batch: RecordInput[]) => void | Promise<void>,
  ) {}

  /** Queues a batch; resolves when the previous batch is written (back-pressure of one batch). */
  async push(batch: RecordInput[]): Promise<void> {
    if (this.failure) throw this.failure;
    const analysed = this.pool.analyse(batch);
    await this.writing;
    if (this.failure) throw this.failure;
    this.writing = analysed
      .then(async (analyses) => {
        // Records whose stored version has the same content hash need no write at all.
        const stored = await findContentHashes(
          this.db,
          this.tenantId,
          batch.map((r) => r.sourceKey),
        );
        const keep = batch.map((r, i) => stored.get(r.sourceKey) !== analyses[i]!.contentHash);
        const skipped = keep.filter((k) => !k).length;
        const result = await storeRecords(
          this.db,
          this.tenantId,
          batch.filter((_, i) => keep[i]),
          analyses.filter((_, i) => keep[i]),
        );
        return { ...result, unchanged: result.unchanged + skipped };
      })
      .then(async (result) => {
        this.totals.created += result.created;
        this.totals.updated += result.updated;
        this.totals.unchanged += result.unchanged;
        this.totals.warnings.push(...result.warnings);
        await this.onStored?.(result, batch);
      })
      .catch((err: unknown) => {
        this.failure = err;
      });
  }

  /** Waits for the last batch and stops the workers; throws the first failure. */
  async finish(): Promise<PipelineTotals> {
    await this.writing;
    await this.pool.close();
    if (this.failure) throw this.failure;
    return this.totals;
  }
}
