import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { buildTsVector } from '@openfind/text';
import { encodeBatch } from './catalogue-repository.js';
import { transferablesOf } from './column-texts.js';
import type { RecordInput } from './record-input.js';

/**
 * Worker side of analysis: analyses and encodes each batch it is sent. Batches come from its
 * parent (AnalysisPool), or, when started with a port of its own (`workerData.batches`: an
 * import's reader thread holds the other end), from there; either way the encoded batch goes to
 * the parent, so that an import's batches reach the writing thread without passing through the
 * reader (each hand-over between threads copies the whole batch).
 */
const batches = (workerData as { batches?: MessagePort } | undefined)?.batches ?? parentPort;
batches?.on('message', (msg: { id: number; records: RecordInput[] }) => {
  try {
    const batch = encodeBatch(msg.records);
    parentPort!.postMessage({ id: msg.id, batch }, transferablesOf(batch.records, batch.items));
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: (err as Error).message });
  }
});

// The segmenter loads its dictionary on first use (a few tenths of a second): load it now, while
// the first batch is still being read, rather than when it arrives.
setImmediate(() => buildTsVector([{ text: '图书馆 Library', weight: 'A', pinyin: true }]));
