import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RecordAnalysis } from './record-analysis.js';
import type { RecordInput } from './record-input.js';

type Pending = { resolve: (a: RecordAnalysis[]) => void; reject: (e: Error) => void };

/** Starts one analysis worker; from TypeScript sources (tests, `npm run dev`) through the tsx loader. */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./analysis-worker.js', import.meta.url));
  const api = import.meta.resolve('tsx/esm/api');
  const file = new URL('./analysis-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(file)}); })`;
  // 'source' resolves workspace packages to their TypeScript, so no build is needed first.
  return new Worker(boot, { eval: true, execArgv: ['--conditions=source'] });
}

/**
 * Analyses batches of records (segmentation, folding, pinyin) in worker threads, so that text
 * analysis runs on the other cores while the database writes the previous batch.
 */
export class AnalysisPool {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private seq = 0;

  constructor(size = Math.max(1, availableParallelism() - 1)) {
    this.workers = Array.from({ length: size }, () => {
      const w = startWorker();
      w.on('message', (msg: { id: number; analyses?: RecordAnalysis[]; error?: string }) => {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.error !== undefined || !msg.analyses) p?.reject(new Error(msg.error ?? 'analysis failed'));
        else p?.resolve(msg.analyses);
      });
      w.on('error', (err) => {
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
      });
      w.unref();
      return w;
    });
  }

  /** Analyses `records` in the next worker. */
  analyse(records: RecordInput[]): Promise<RecordAnalysis[]> {
    const id = this.seq++;
    const worker = this.workers[this.next++ % this.workers.length]!;
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
