import { statSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { CsvMapping, ReadCatalogueOptions } from '@openfind/marc';
import type { Database } from '../../../db/schema.js';
import { BATCH_THREAD_LIMITS, startModuleWorker } from '../../../lib/module-worker.js';
import { writeBatch, type EncodedBatch } from '../catalogue-repository.js';
import { attachHoldingsRecords } from '../holdings-records.js';
import { BatchWrites } from './batch-writes.js';
import { finishImportRun, insertImportRun } from './import-repository.js';
import { loadPlaceDirectory } from './place-directory.js';
import { readRecords, type PendingHoldings, type ReadWorkerInput, type ReadWorkerMessage } from './read-worker.js';
import type { ImportFormat } from './import-options.js';
import { RejectWriter } from './reject-writer.js';

const READER_FORMAT: Record<ImportFormat, ReadCatalogueOptions['format']> = {
  auto: undefined,
  marc: 'iso2709',
  unimarc: 'iso2709', // the flavour is decided per record
  marcxml: 'marcxml',
  json: 'marc-json',
  csv: 'csv',
};

export interface ImportFileOptions {
  db: Kysely<Database>;
  tenantId: number;
  file: string;
  format?: ImportFormat;
  csvMapping?: CsvMapping;
  /** Folder for the reject report and raw rejected records (default: beside the file). */
  rejectDir?: string;
  batchSize?: number;
  /**
   * Batches written at once, each in its own transaction (default 1). More than one only on a
   * PostgreSQL server: the embedded database has a single connection.
   */
  concurrentWrites?: number;
  /** Read in a thread of its own (true) or in this one (false); by default by the file's size. */
  readerThread?: boolean;
  /**
   * Called after each stored batch: bytes read so far, file size, records read, and what became of
   * the records stored so far (the staff console shows them as the import runs).
   */
  onProgress?: (bytes: number, total: number, read: number, figures: ImportFigures) => void;
  /** Called once the run is recorded in `import_run`, with its id. */
  onRun?: (runId: number) => void;
  /** Threads started beforehand (`startImportThreads`) for reading in a thread; the import stops them. */
  threads?: ImportThreads | undefined;
}

/** What became of the records stored so far. */
export interface ImportFigures {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

/** What importing one file did. Every record read is created, updated, unchanged, attached or skipped. */
export interface FileSummary {
  file: string;
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Holdings records (MFHD, ISO 20775) attached to their bibliographic records, and the copies they brought. */
  holdingsAttached: number;
  itemsAttached: number;
  /** Rejected (unreadable) and skipped (not a catalogue record) records, each in the reject report. */
  skipped: number;
  rejectReport?: string | undefined;
  warnings: number;
  seconds: number;
}

/**
 * Imports one catalogue file into a tenant: reads every record (format detected unless given),
 * maps it to the record model, and stores it in batches that each commit on their own, so an
 * interrupted import keeps its committed batches and running it again completes it without
 * duplicates. Nothing is dropped without a line in the reject report.
 */
export async function importFile(opts: ImportFileOptions): Promise<FileSummary> {
  const started = Date.now();
  const size = statSync(opts.file).size;
  const places = await loadPlaceDirectory(opts.db, opts.tenantId);
  const rejects = new RejectWriter(opts.rejectDir ?? path.dirname(path.resolve(opts.file)), opts.file);
  const runId = await insertImportRun(opts.db, opts.tenantId, {
    fileName: path.basename(opts.file),
    fileSize: size,
    format: opts.format ?? 'auto',
  });
  opts.onRun?.(runId);

  const writers = Math.max(1, opts.concurrentWrites ?? 1);
  const writes = new BatchWrites((batch) => writeBatch(opts.db, opts.tenantId, batch), writers);
  const input: ReadWorkerInput = {
    file: path.resolve(opts.file),
    format: READER_FORMAT[opts.format ?? 'auto'],
    csvMapping: opts.csvMapping,
    places,
    batchSize: opts.batchSize ?? 1000,
    inFlight: writers + 1,
  };
  const reader = startReader(input, opts.readerThread ?? readsInOwnThread(size), opts.threads);
  const totals = { read: 0, created: 0, updated: 0, unchanged: 0, warnings: 0 };
  const figures = (): ImportFigures => ({
    created: totals.created,
    updated: totals.updated,
    unchanged: totals.unchanged,
    skipped: rejects.count,
  });
  // Hashed by the reader as it reads, recorded when the run ends.
  let fileHash: string | null = null;
  let progressBytes = 0;
  let progressRead = 0;
  // Holdings records wait until the bibliographic records read before them are stored; those whose
  // record comes later in the file are tried again at the end.
  let holdings: PendingHoldings[] = [];
  let deferred: PendingHoldings[] = [];
  let holdingsAttached = 0;
  let itemsAttached = 0;
  const attachHoldings = async (final: boolean) => {
    const pending = final ? [...deferred, ...holdings] : holdings;
    holdings = [];
    if (final) deferred = [];
    const outcomes = await attachHoldingsRecords(opts.db, opts.tenantId, pending);
    outcomes.forEach((outcome, i) => {
      const h = pending[i]!;
      if (outcome.kind === 'attached') {
        holdingsAttached++;
        itemsAttached += outcome.items;
      } else if (outcome.kind === 'ambiguous') {
        rejects.write(
          h.source,
          `skipped: holdings record names ${outcome.recordIds.length} records (${h.links.join(', ')}); attach it by hand`,
        );
      } else if (final) {
        rejects.write(
          h.source,
          `skipped: holdings record for ${h.links.join(', ')}: no such record in this institution (import the bibliographic records first)`,
        );
      } else {
        deferred.push(h);
      }
    });
  };
  try {
    // The reader thread reads, maps, analyses and encodes; this thread writes, starting batches in
    // file order (several at once on a PostgreSQL server).
    for await (const msg of reader.messages) {
      if (msg.kind === 'batch') {
        const { bytes, read } = msg;
        await writes.add(msg.batch ?? (await reader.encoded(msg.id)), (result) => {
          reader.ack();
          totals.created += result.created;
          totals.updated += result.updated;
          totals.unchanged += result.unchanged;
          totals.warnings += result.warnings.length;
          // Batches written at once may finish out of order: progress never goes back.
          [progressBytes, progressRead] = [Math.max(progressBytes, bytes), Math.max(progressRead, read)];
          opts.onProgress?.(progressBytes, size, progressRead, figures());
        });
      } else if (msg.kind === 'reject') {
        rejects.write(msg.source, msg.reason, msg.raw);
      } else if (msg.kind === 'note') {
        rejects.note(msg.source, msg.text);
      } else if (msg.kind === 'holdings') {
        holdings.push(msg.holdings);
      } else if (msg.kind === 'attach') {
        await writes.drain();
        await attachHoldings(false);
      } else if (msg.kind === 'done') {
        await writes.drain();
        totals.read = msg.read;
        totals.warnings += msg.warnings;
        fileHash = msg.fileHash;
        break;
      } else {
        throw new Error(msg.message);
      }
    }
    if (holdings.length || deferred.length) await attachHoldings(true);
  } finally {
    // A failure leaves no write running behind it: what was started commits or rolls back first.
    await writes.settle();
    await reader.stop();
    await rejects.close();
  }
  opts.onProgress?.(size, size, totals.read, figures());
  await finishImportRun(opts.db, opts.tenantId, runId, {
    fileHash,
    read: totals.read,
    created: totals.created,
    updated: totals.updated,
    unchanged: totals.unchanged,
    skipped: rejects.count,
  });
  return {
    file: opts.file,
    read: totals.read,
    created: totals.created,
    updated: totals.updated,
    unchanged: totals.unchanged,
    holdingsAttached,
    itemsAttached,
    skipped: rejects.count,
    rejectReport: rejects.reportPath,
    warnings: totals.warnings,
    seconds: (Date.now() - started) / 1000,
  };
}

/** Files smaller than this are read in the importing thread: starting threads would cost more. */
const IN_THREAD_BYTES = 4 * 1024 * 1024;

/** Whether a file of this many bytes is read in threads of its own (by default). */
export function readsInOwnThread(bytes: number): boolean {
  return bytes >= IN_THREAD_BYTES;
}

/**
 * The threads that read a large file and analyse its records, waiting to be told what to read.
 * Started before the database is open, they load their modules and dictionaries meanwhile (about
 * a second, during which an import otherwise writes nothing).
 */
export interface ImportThreads {
  reader: Worker;
  analysis: Worker;
  /** The reader's end of the channel to the analysis thread, handed to the reader with its task. */
  toAnalysis: MessagePort;
}

/** Starts the threads of a large file's import (`ImportThreads`). */
export function startImportThreads(): ImportThreads {
  const { port1: toAnalysis, port2: fromReader } = new MessageChannel();
  const analysis = startModuleWorker(
    import.meta.url,
    '../analysis-worker',
    { batches: fromReader },
    BATCH_THREAD_LIMITS,
    [fromReader],
  );
  const reader = startModuleWorker(import.meta.url, 'read-worker', { isThread: true }, BATCH_THREAD_LIMITS);
  return { reader, analysis, toAnalysis };
}

/** Stops import threads (nothing happens to threads already stopped). */
export async function stopImportThreads(threads: ImportThreads): Promise<void> {
  await Promise.all([threads.reader.terminate(), threads.analysis.terminate()]);
}

/**
 * The reading side of an import: its messages in file order, the batches the analysis thread
 * encoded (by the id of their 'batch' message), the acknowledgement of a stored batch, stopping.
 */
interface Reader {
  messages: AsyncGenerator<ReadWorkerMessage>;
  encoded(id: number): Promise<EncodedBatch>;
  ack(): void;
  stop(): Promise<void>;
}

/**
 * Starts the reader: in this thread (through a MessageChannel), encoding the batches too; or in a
 * thread of its own with an analysis thread beside it, which takes the batches from the reader
 * and hands them encoded to this thread directly (through the reader, every batch would be copied
 * between threads once more).
 */
function startReader(input: ReadWorkerInput, inOwnThread: boolean, started?: ImportThreads): Reader {
  if (!inOwnThread) {
    const { port1, port2 } = new MessageChannel();
    const messages = messagesOf(port1);
    void readRecords(input, port2);
    return {
      messages,
      encoded: () => Promise.reject(new Error('the reader encodes its own batches')),
      ack: () => port1.postMessage({ kind: 'ack' }),
      stop: async () => {
        port1.close();
        port2.close();
      },
    };
  }
  const threads = started ?? startImportThreads();
  const encoded = new EncodedBatches(threads.analysis);
  const messages = messagesOf(threads.reader);
  threads.reader.postMessage({ kind: 'start', input: { ...input, analysis: threads.toAnalysis } }, [
    threads.toAnalysis,
  ]);
  return {
    messages,
    encoded: (id) => encoded.take(id),
    ack: () => threads.reader.postMessage({ kind: 'ack' }),
    stop: () => stopImportThreads(threads),
  };
}

/** Batches an analysis thread sends as it encodes them, each taken once by its id. */
class EncodedBatches {
  private readonly arrived = new Map<number, EncodedBatch>();
  private readonly waiting = new Map<number, { resolve: (b: EncodedBatch) => void; reject: (e: Error) => void }>();
  private failure: Error | undefined;

  constructor(worker: Worker) {
    worker.on('message', (msg: { id: number; batch?: EncodedBatch; error?: string }) => {
      if (msg.error !== undefined || !msg.batch) return this.fail(new Error(msg.error ?? 'analysis failed'));
      const waiter = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      if (waiter) waiter.resolve(msg.batch);
      else this.arrived.set(msg.id, msg.batch);
    });
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', () => this.fail(new Error('the import analysis thread stopped')));
  }

  /** The batch with this id, once it has arrived; rejects if the thread fails first. */
  take(id: number): Promise<EncodedBatch> {
    const batch = this.arrived.get(id);
    if (batch) {
      this.arrived.delete(id);
      return Promise.resolve(batch);
    }
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
  }
}

/** The reader's messages in order; ends with an error if its thread fails or stops early. */
async function* messagesOf(source: Worker | MessagePort): AsyncGenerator<ReadWorkerMessage> {
  const queue: ReadWorkerMessage[] = [];
  let failure: Error | undefined;
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  source.on('message', (msg: ReadWorkerMessage) => {
    queue.push(msg);
    notify();
  });
  source.on('error', (err: Error) => {
    failure ??= err;
    notify();
  });
  source.on(source instanceof Worker ? 'exit' : 'close', () => {
    ended = true;
    notify();
  });
  for (;;) {
    const next = queue.shift();
    if (next) {
      yield next;
      continue;
    }
    if (failure) throw failure;
    if (ended) throw new Error('the import reader stopped before the end of the file');
    await new Promise<void>((resolve) => (wake = resolve));
  }
}
