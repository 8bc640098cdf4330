import { parentPort } from 'node:worker_threads';
import { encodeBatch } from './catalogue-repository.js';
import type { RecordInput } from './record-input.js';

/** Worker side of AnalysisPool: analyses and encodes each batch it is sent and sends it back. */
parentPort?.on('message', (msg: { id: number; records: RecordInput[] }) => {
  try {
    parentPort!.postMessage({ id: msg.id, batch: encodeBatch(msg.records) });
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: (err as Error).message });
  }
});
