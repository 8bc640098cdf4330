import { parentPort } from 'node:worker_threads';
import { analyseRecord } from './record-analysis.js';
import type { RecordInput } from './record-input.js';

/** Worker side of AnalysisPool: analyses each batch it is sent and sends the results back. */
parentPort?.on('message', (msg: { id: number; records: RecordInput[] }) => {
  try {
    parentPort!.postMessage({ id: msg.id, analyses: msg.records.map(analyseRecord) });
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: (err as Error).message });
  }
});
