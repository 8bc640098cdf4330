import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { BATCH_THREAD_LIMITS, startModuleWorker } from '../../lib/module-worker.js';
import type { EncodedBatch } from './catalogue-repository.js';
import type { RecordInput } from './record-input.js';

type Pending = { resolve: (b: EncodedBatch) => void; reject: (e: Error) => void };

/**
 * Analyses and encodes batches of records (segmentation, folding, pinyin, the rows as JSON) in
 * worker threads, so that this work runs on the other cores while the database writes the previous batch.
 */
export class AnalysisPool {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private seq = 0;

  constructor(size = Math.max(1, availableParallelism() - 1)) {
    this.workers = Array.from({ length: size }, () => {
      const w = startModuleWorker(import.meta.url, 'analysis-worker', undefined, BATCH_THREAD_LIMITS);
      w.on('message', (msg: { id: number; batch?: EncodedBatch; error?: string }) => {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (!this.pending.size) this.idle();
        if (msg.error !== undefined || !msg.batch) p?.reject(new Error(msg.error ?? 'analysis failed'));
        else p?.resolve(msg.batch);
      });
      w.on('error', (err) => {
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
        this.idle();
      });
      w.unref();
      return w;
    });
  }

  /**
   * An idle pool does not keep the process alive; one with work pending does. Unreferenced while
   * a batch was out, a worker still starting (seconds on a loaded machine) left a command awaiting
   * it with nothing else to wait for, and Node ended it silently with exit status 0.
   */
  private idle(): void {
    for (const w of this.workers) w.unref();
  }

  /** Analyses and encodes `records` in the next worker. */
  encode(records: RecordInput[]): Promise<EncodedBatch> {
    const id = this.seq++;
    const worker = this.workers[this.next++ % this.workers.length]!;
    if (!this.pending.size) for (const w of this.workers) w.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, records });
    });
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
