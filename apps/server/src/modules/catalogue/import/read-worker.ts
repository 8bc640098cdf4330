import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { readCatalogue, type CsvMapping, type ReadCatalogueOptions, type RecordSource } from '@openfind/marc';
import { encodeBatch, type EncodedBatch } from '../catalogue-repository.js';
import type { HoldingsRecordInput } from '../holdings-records.js';
import type { RecordInput } from '../record-input.js';
import { bibToRecord, holdingsToItems, type PlaceDirectory } from './bib-to-record.js';

/** What the importing thread gives the reader. */
export interface ReadWorkerInput {
  file: string;
  format: ReadCatalogueOptions['format'];
  csvMapping: CsvMapping | undefined;
  places: PlaceDirectory;
  batchSize: number;
  /** Batches sent and not yet stored before reading waits: those being written and one ready behind them. */
  inFlight: number;
  /**
   * The analysis thread's port, when there is one: batches go there to be analysed and encoded,
   * and it hands them to the importing thread itself. Without it the reader encodes them.
   */
  analysis?: MessagePort;
}

/** A holdings record waiting for its bibliographic record, with where it came from. */
export type PendingHoldings = HoldingsRecordInput & { source: RecordSource };

/**
 * Messages of the reader, in file order; every 'batch' waits for an 'ack' before too many pile up.
 * A batch the analysis thread encodes comes without `batch`: the importing thread has it from
 * there under the same `id` (batches are numbered from 0 in file order).
 */
export type ReadWorkerMessage =
  | { kind: 'batch'; id: number; batch?: EncodedBatch; bytes: number; read: number }
  | { kind: 'reject'; source: RecordSource; reason: string; raw?: Uint8Array | string | undefined }
  /** A record that was stored with something left out or changed (an unsafe link), for the report. */
  | { kind: 'note'; source: RecordSource; text: string }
  | { kind: 'holdings'; holdings: PendingHoldings }
  /** The holdings sent so far can be attached once the batches before this message are stored. */
  | { kind: 'attach' }
  /** `fileHash`: SHA-256 of the whole file, computed from the bytes as they were read. */
  | { kind: 'done'; read: number; bytes: number; warnings: number; fileHash: string }
  | { kind: 'error'; message: string };

/** The end of a channel to the importing thread: a worker's parent port or one end of a MessageChannel. */
type Port = Pick<MessagePort, 'postMessage' | 'on'>;

/**
 * The reading side of an import: reads the file, maps every record, and has the batches analysed
 * and encoded (by the analysis thread when `input.analysis` is given, else here), so that the
 * importing thread only writes them. Rejected records, holdings records and progress go to the
 * importing thread in file order. Runs as a thread of its own for large files, in the importing
 * thread for small ones.
 */
export async function readRecords(input: ReadWorkerInput, port: Port): Promise<void> {
  const send = (msg: ReadWorkerMessage) => port.postMessage(msg);
  let acked = 0;
  let sent = 0;
  let wake: (() => void) | undefined;
  port.on('message', (msg: { kind: 'ack' }) => {
    if (msg.kind !== 'ack') return;
    acked++;
    wake?.();
  });
  let bytes = 0;
  let read = 0;
  let warnings = 0;
  // Messages leave in the order they were read: a batch encoded here goes once it is encoded.
  let chain: Promise<void> = Promise.resolve();
  const flush = async (batch: RecordInput[]) => {
    if (!batch.length) return;
    while (sent - acked >= input.inFlight) await new Promise<void>((resolve) => (wake = resolve));
    const id = sent++;
    const at = { bytes, read };
    if (input.analysis) {
      input.analysis.postMessage({ id, records: batch });
      chain = chain.then(() => send({ kind: 'batch', id, ...at }));
      return;
    }
    const encoded = Promise.resolve().then(() => encodeBatch(batch));
    chain = chain.then(async () => send({ kind: 'batch', id, batch: await encoded, ...at }));
    encoded.catch(() => undefined); // reported through the chain
  };
  try {
    const stream = createReadStream(input.file);
    // The file's hash for the import's log, from the bytes read anyway (not a second pass over the file).
    const hash = createHash('sha256');
    stream.on('data', (chunk) => {
      bytes += chunk.length;
      hash.update(chunk as Buffer);
    });
    let batch: RecordInput[] = [];
    let holdings = 0;
    const ordered = async (msg: ReadWorkerMessage) => {
      await chain;
      send(msg);
    };
    for await (const result of readCatalogue(stream as AsyncIterable<Uint8Array>, {
      file: path.basename(input.file),
      ...(input.format ? { format: input.format } : {}),
      ...(input.csvMapping ? { csvMapping: input.csvMapping } : {}),
    })) {
      read++;
      if (!result.ok) {
        await ordered({ kind: 'reject', source: result.source, reason: result.reason, raw: result.raw });
        continue;
      }
      const bib = result.bib;
      if (bib.recordKind === 'holdings') {
        const links = bib.linkedRecordId ? [bib.linkedRecordId] : (bib.identity.systemNumbers ?? []);
        const items = holdingsToItems(bib.holdings, input.places);
        if (!links.length) {
          await ordered({
            kind: 'reject',
            source: result.source,
            reason: 'skipped: holdings record names no bibliographic record (no 004, no 001)',
          });
        } else if (!items.length) {
          await ordered({
            kind: 'reject',
            source: result.source,
            reason: 'skipped: holdings record lists no copy or location',
          });
        } else {
          await ordered({
            kind: 'holdings',
            holdings: { key: `holdings:${bib.identity.key}`, links, items, source: result.source },
          });
          if (++holdings >= input.batchSize) {
            // Attach them once the records read before them are stored.
            await flush(batch);
            batch = [];
            holdings = 0;
            await ordered({ kind: 'attach' });
          }
        }
        continue;
      }
      if (bib.recordKind !== 'bibliographic') {
        await ordered({
          kind: 'reject',
          source: result.source,
          reason: `skipped: ${bib.recordKind} record, not a catalogue record`,
        });
        continue;
      }
      warnings += result.warnings.length;
      const notes: string[] = [];
      const record = bibToRecord(bib, result.record, input.places, notes);
      if (!record.title.trim() && !record.isbns?.length) {
        await ordered({
          kind: 'reject',
          source: result.source,
          reason: 'skipped: the record has neither a title nor an ISBN',
        });
        continue;
      }
      for (const text of notes) await ordered({ kind: 'note', source: result.source, text });
      warnings += notes.length;
      batch.push(record);
      if (batch.length >= batchLimit(input.batchSize, sent)) {
        await flush(batch);
        batch = [];
      }
    }
    await flush(batch);
    // A reader that stopped before the end (a fault no record survives) leaves the rest to hash.
    const fileHash = stream.readableEnded ? hash.digest('hex') : await hashFile(input.file);
    await ordered({ kind: 'done', read, bytes, warnings, fileHash });
  } catch (err) {
    await chain.catch(() => undefined);
    send({ kind: 'error', message: (err as Error).message });
  }
}

/**
 * Records in the next batch: the first batches are smaller (1/8, 1/4, 1/2 of the size), so that
 * the database starts writing while the reader and the analysis thread are still warming up,
 * instead of idling until a whole batch has passed through both (a second of a short import).
 */
export function batchLimit(batchSize: number, sent: number): number {
  return Math.max(1, Math.min(batchSize, Math.ceil(batchSize / 2 ** Math.max(0, 3 - sent))));
}

/** SHA-256 of a whole file. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

if (parentPort && (workerData as { isThread?: boolean } | undefined)?.isThread) {
  // What to read comes once the importing thread knows it: it may start this thread before it
  // has opened the database, so that loading the modules overlaps opening it.
  const port = parentPort;
  port.once('message', (msg: { kind: 'start'; input: ReadWorkerInput }) => void readRecords(msg.input, port));
}
