import { open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CATALOGUE_IMPORT_DEFAULT_MAX_MB,
  CatalogueAdminErrCode,
  type CatalogueFindPage,
  type CatalogueFindQuery,
  type CatalogueImportFormat,
  type CatalogueImportJob,
  type CatalogueImportParams,
  type CatalogueImportReport,
  type CatalogueImportRuns,
  type CatalogueMarcField,
  type CatalogueRecordView,
} from '@openfind/contract';
import type { CsvMapping } from '@openfind/marc';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { announceCatalogueChange } from '../catalogue/catalogue-repository.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  beat,
  countDependents,
  deleteRecord,
  findCopies,
  findImport,
  findRecord,
  findRecords,
  findReport,
  findRunningImport,
  findRuns,
  finishImport,
  insertImport,
  lockRecord,
  markInterrupted,
  saveProgress,
  setSuppressed,
  type ImportRow,
} from './catalogue-admin-repository.js';
import { receiveUpload, safeFileName, sniffCatalogue, type Upload } from './catalogue-upload.js';

/** The translated refusals of the catalogue's staff calls. */
export const CatalogueAdminErrors = {
  noSuchRecord: () => new AppError('catalogueNoSuchRecord', CatalogueAdminErrCode.noSuchRecord),
  fileTooLarge: (maxBytes: number) =>
    new AppError(
      'catalogueFileTooLarge',
      CatalogueAdminErrCode.fileTooLarge,
      { mb: Math.floor(maxBytes / 2 ** 20) },
      413,
    ),
  emptyFile: () => new AppError('catalogueFileEmpty', CatalogueAdminErrCode.emptyFile),
  unrecognised: () => new AppError('catalogueFileUnrecognised', CatalogueAdminErrCode.unrecognisedFile),
  formatMismatch: (detected: string, format: string) =>
    new AppError('catalogueFormatMismatch', CatalogueAdminErrCode.formatMismatch, {
      detected: FORMAT_NAMES[detected] ?? detected,
      format: FORMAT_NAMES[format] ?? format,
    }),
  importRunning: (fileName: string) =>
    new AppError('catalogueImportRunning', CatalogueAdminErrCode.importRunning, { fileName }),
  noSuchImport: () => new AppError('catalogueNoSuchImport', CatalogueAdminErrCode.noSuchImport),
  badMapping: (detail: string) => new AppError('catalogueBadMapping', CatalogueAdminErrCode.badMapping, { detail }),
  alreadyInState: (suppressed: boolean, title: string) =>
    new AppError(
      suppressed ? 'catalogueAlreadySuppressed' : 'catalogueAlreadyShown',
      CatalogueAdminErrCode.alreadyInState,
      {
        title,
      },
    ),
  onLoan: (title: string, count: number) =>
    new AppError('catalogueRecordOnLoan', CatalogueAdminErrCode.recordOnLoan, { title, count }),
  requested: (title: string, count: number) =>
    new AppError('catalogueRecordRequested', CatalogueAdminErrCode.recordRequested, { title, count }),
  noReport: () => new AppError('catalogueNoReport', CatalogueAdminErrCode.noReport),
};

/** Formats as people name them (the same in every language). */
const FORMAT_NAMES: Record<string, string> = {
  iso2709: 'MARC (ISO 2709)',
  marc: 'MARC21 (ISO 2709)',
  unimarc: 'CNMARC/UNIMARC (ISO 2709)',
  marcxml: 'MARCXML',
  'marc-json': 'MARC-in-JSON',
  json: 'MARC-in-JSON',
  csv: 'CSV',
};

/** The reader format each chosen format must be. */
const EXPECTED: Record<Exclude<CatalogueImportFormat, 'auto'>, string> = {
  marc: 'iso2709',
  unimarc: 'iso2709',
  marcxml: 'marcxml',
  json: 'marc-json',
  csv: 'csv',
};

/** Longest reject report kept with a run (the rest is cut, with a line that says so). */
const MAX_REPORT_BYTES = 4 * 1024 * 1024;
/** How often progress is written while batches are stored, and the heartbeat beats. */
const PROGRESS_MS = 500;
const HEARTBEAT_MS = 10_000;

/** What the catalogue's staff work needs besides the database. */
export interface CatalogueAdminDeps {
  staff: StaffService;
  /** Tells the search of this process that a tenant's catalogue changed (cached results go). */
  catalogueChanged: (tenantId: number) => void;
  kind: 'pglite' | 'postgres';
  /** Where uploads wait for their run (a folder under the data folder); by default the system's temporary folder. */
  uploadDir?: string | undefined;
  /** The largest upload, in bytes (200 MB by default). */
  maxBytes?: number | undefined;
}

/**
 * The staff console's catalogue: imports started from an upload and run in the background of the
 * server through the import pipeline of `openfind import` (one at a time per institution; a run
 * left by a server that stopped ends as interrupted), finding records and their MARC, suppressing
 * and deleting records. Every change writes an audit row.
 */
export class CatalogueAdmin {
  maxBytes: number;
  readonly uploadDir: string;
  /** The imports this process runs, by id. */
  private readonly running = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: CatalogueAdminDeps,
  ) {
    this.maxBytes = deps.maxBytes ?? CATALOGUE_IMPORT_DEFAULT_MAX_MB * 2 ** 20;
    this.uploadDir = deps.uploadDir ?? path.join(os.tmpdir(), 'openfind-catalogue-imports');
  }

  /** At start-up: imports left running by a server that stopped end as interrupted. */
  async recoverInterrupted(): Promise<number> {
    return markInterrupted(this.db, null, INTERRUPTED);
  }

  /** Refuses an upload before its body is read when an import of the institution is running. */
  async assertIdle(tenantId: number): Promise<void> {
    await markInterrupted(this.db, tenantId, INTERRUPTED);
    const running = await findRunningImport(this.db, tenantId);
    if (running) throw CatalogueAdminErrors.importRunning(running.file_name);
  }

  /** Streams an upload's body to a folder of its own (never whole in memory), within the limit. */
  receive(req: FastifyRequest, payload: Readable, fileName: string): Promise<Upload> {
    return receiveUpload(req, payload, {
      root: this.uploadDir,
      name: safeFileName(fileName),
      limit: this.maxBytes,
      tooLarge: () => CatalogueAdminErrors.fileTooLarge(this.maxBytes),
    });
  }

  /**
   * Checks an uploaded file by content and starts its import in the background; the upload is
   * removed when the run ends (or at once, when refused).
   */
  async start(
    actor: StaffActor,
    upload: Upload,
    params: CatalogueImportParams,
    ip: string,
  ): Promise<CatalogueImportJob> {
    const { tenantId } = actor;
    let started = false;
    try {
      if (upload.size === 0) throw CatalogueAdminErrors.emptyFile();
      const csvMapping = params.mapping ? await parseMapping(params.mapping) : undefined;
      const detected = await sniffCatalogue(upload.file, path.basename(upload.file));
      if (!detected) throw CatalogueAdminErrors.unrecognised();
      if (params.format !== 'auto' && EXPECTED[params.format] !== detected)
        throw CatalogueAdminErrors.formatMismatch(detected, params.format);
      const fileName = path.basename(upload.file);
      const jobId = await inTransaction(this.db, async (trx) => {
        const id = await insertImport(trx, tenantId, {
          fileName,
          fileSize: upload.size,
          fileHash: upload.hash,
          format: params.format,
          detected,
          staffId: actor.staffId,
          startedBy: actor.username,
        });
        if (id === undefined) {
          const running = await findRunningImport(trx, tenantId);
          throw CatalogueAdminErrors.importRunning(running?.file_name ?? '');
        }
        await this.deps.staff.audit(
          {
            tenantId,
            staffId: actor.staffId,
            actor: actor.username,
            action: 'catalogue.importStarted',
            target: `import ${id}`,
            after: { fileName, size: upload.size, sha256: upload.hash, format: params.format, detected },
            ip,
          },
          trx,
        );
        return id;
      });
      const run = this.run(actor, jobId, upload, params.format, csvMapping, ip).finally(() =>
        this.running.delete(jobId),
      );
      this.running.set(jobId, run);
      started = true;
      return this.status(tenantId, jobId);
    } finally {
      if (!started) await rm(upload.dir, { recursive: true, force: true });
    }
  }

  /** Waits for the imports this process runs (tests; a clean stop). */
  async whenIdle(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  /** Runs one import to its end: progress as batches are stored, then done or failed, and its audit row. */
  private async run(
    actor: StaffActor,
    jobId: number,
    upload: Upload,
    format: CatalogueImportFormat,
    csvMapping: CsvMapping | undefined,
    ip: string,
  ): Promise<void> {
    const { tenantId } = actor;
    let runId: number | null = null;
    let lastSaved = 0;
    let saving: Promise<void> = Promise.resolve();
    const heartbeat = setInterval(() => void beat(this.db, tenantId, jobId).catch(() => {}), HEARTBEAT_MS);
    heartbeat.unref();
    let state: 'done' | 'failed' = 'done';
    let error: string | null = null;
    let report: string | null = null;
    let figures = { read: 0, created: 0, updated: 0, unchanged: 0, skipped: 0 };
    try {
      const { importFile } = await import('../catalogue/import/import-file.js');
      const { importWriters } = await import('../catalogue/import/import-options.js');
      const summary = await importFile({
        db: this.db,
        tenantId,
        file: upload.file,
        format,
        ...(csvMapping ? { csvMapping } : {}),
        rejectDir: upload.dir,
        concurrentWrites: importWriters(this.deps.kind),
        onRun: (id) => {
          runId = id;
          saving = saving.then(() => saveProgress(this.db, tenantId, jobId, { runId: id, bytes: 0, read: 0, ...zero }));
        },
        onProgress: (bytes, _total, read, f) => {
          figures = { read, ...f };
          const now = Date.now();
          if (now - lastSaved < PROGRESS_MS) return;
          lastSaved = now;
          saving = saving
            .then(() => saveProgress(this.db, tenantId, jobId, { runId: runId ?? undefined, bytes, read, ...f }))
            .catch(() => {});
        },
      });
      figures = {
        read: summary.read,
        created: summary.created,
        updated: summary.updated,
        unchanged: summary.unchanged,
        skipped: summary.skipped,
      };
      await saving;
      await saveProgress(this.db, tenantId, jobId, { runId: runId ?? undefined, bytes: upload.size, ...figures });
      if (summary.rejectReport) report = await readReport(summary.rejectReport);
    } catch (err) {
      state = 'failed';
      error = (err instanceof Error ? err.message : String(err)).slice(0, 2000) || 'failed';
      await saving.catch(() => {});
    } finally {
      clearInterval(heartbeat);
    }
    try {
      await inTransaction(this.db, async (trx) => {
        await finishImport(trx, tenantId, jobId, { state, error, report, runId });
        await this.deps.staff.audit(
          {
            tenantId,
            staffId: actor.staffId,
            actor: actor.username,
            action: state === 'done' ? 'catalogue.import' : 'catalogue.importFailed',
            target: `import ${jobId}`,
            after: {
              fileName: path.basename(upload.file),
              size: upload.size,
              sha256: upload.hash,
              format,
              runId,
              ...figures,
              ...(error ? { error } : {}),
            },
            ip,
          },
          trx,
        );
      });
    } finally {
      await rm(upload.dir, { recursive: true, force: true });
      this.deps.catalogueChanged(tenantId);
    }
  }

  /** An import of the institution as it stands. */
  async status(tenantId: number, jobId: number): Promise<CatalogueImportJob> {
    await markInterrupted(this.db, tenantId, INTERRUPTED);
    const row = await findImport(this.db, tenantId, jobId);
    if (!row) throw CatalogueAdminErrors.noSuchImport();
    return toJob(row);
  }

  /** The institution's import runs, newest first, and the one running. */
  async runs(tenantId: number, q: { page: number; rows: number }): Promise<CatalogueImportRuns> {
    await markInterrupted(this.db, tenantId, INTERRUPTED);
    const [{ total, rows }, running] = await Promise.all([
      findRuns(this.db, tenantId, (q.page - 1) * q.rows, q.rows),
      findRunningImport(this.db, tenantId),
    ]);
    return {
      totalCount: total,
      running: running ? toJob(running) : null,
      list: rows.map((r) => ({
        runId: r.run_id,
        jobId: r.job_id,
        state: (r.state ?? (r.finished_at ? 'done' : 'unfinished')) as CatalogueImportRuns['list'][number]['state'],
        fileName: r.file_name,
        fileSize: r.file_size,
        fileHash: r.file_hash,
        format: r.format,
        startedBy: r.started_by,
        startedAt: r.started_at,
        finishedAt: r.finished_at,
        read: r.read_count,
        created: r.created_count,
        updated: r.updated_count,
        unchanged: r.unchanged_count,
        skipped: r.skipped_count,
        error: r.error,
        hasReport: r.has_report,
      })),
    };
  }

  /** An import's reject report. */
  async report(tenantId: number, jobId: number): Promise<CatalogueImportReport> {
    const row = await findReport(this.db, tenantId, jobId);
    if (!row) throw CatalogueAdminErrors.noSuchImport();
    if (row.reject_report === null) throw CatalogueAdminErrors.noReport();
    return { fileName: `${row.file_name}.rejects.txt`, text: row.reject_report };
  }

  /** Records by title, ISBN, record id or barcode (suppressed ones too). */
  async find(tenantId: number, q: CatalogueFindQuery): Promise<CatalogueFindPage> {
    const { total, rows } = await findRecords(this.db, tenantId, {
      text: q.q,
      field: q.field,
      offset: (q.page - 1) * q.rows,
      rows: q.rows,
    });
    return { totalCount: total, list: rows.map(toBrief) };
  }

  /** A record with its MARC and copies. */
  async record(tenantId: number, recordId: number): Promise<CatalogueRecordView> {
    const row = await findRecord(this.db, tenantId, recordId);
    if (!row) throw CatalogueAdminErrors.noSuchRecord();
    const [copies, marc] = await Promise.all([findCopies(this.db, tenantId, recordId), marcView(row.marc)]);
    return {
      ...toBrief(row),
      sourceKey: row.source_key,
      sourceFormat: row.source_format,
      updatedAt: row.updated_at,
      leader: marc?.leader ?? null,
      fields: marc?.fields ?? [],
      items: copies.map((c) => ({
        barcode: c.barcode,
        callNo: c.call_no,
        libCode: c.lib_code,
        location: c.location,
        status: c.process_type_code,
        dueDate: c.due_date,
      })),
      onLoan: row.on_loan,
      openRequests: row.open_requests,
    };
  }

  /**
   * Hides a record from readers or shows it again, only if it is not so already (the second of two
   * tabs is told), with its audit row; the search of every process forgets its cached results.
   */
  async suppress(
    actor: StaffActor,
    input: { recordId: number; suppressed: boolean },
    ip: string,
  ): Promise<{ recordId: number; suppressed: boolean; title: string }> {
    const { tenantId } = actor;
    const title = await inTransaction(this.db, async (trx) => {
      const changed = await setSuppressed(trx, tenantId, input.recordId, input.suppressed);
      if (!changed) {
        const row = await findRecord(trx, tenantId, input.recordId);
        if (!row) throw CatalogueAdminErrors.noSuchRecord();
        throw CatalogueAdminErrors.alreadyInState(input.suppressed, row.title);
      }
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: input.suppressed ? 'catalogue.suppress' : 'catalogue.unsuppress',
          target: `record ${input.recordId}`,
          before: { title: changed.title, suppressed: !input.suppressed },
          after: { title: changed.title, suppressed: input.suppressed },
          ip,
        },
        trx,
      );
      await announceCatalogueChange(trx, tenantId);
      return changed.title;
    });
    this.deps.catalogueChanged(tenantId);
    return { recordId: input.recordId, suppressed: input.suppressed, title };
  }

  /**
   * Deletes a record with its copies, ratings, comments, favourites, list entries and loan history,
   * refused while a copy is on loan or a reader's request is open; the audit row counts what went.
   */
  async delete(actor: StaffActor, recordId: number, ip: string): Promise<{ recordId: number; title: string }> {
    const { tenantId } = actor;
    const title = await inTransaction(this.db, async (trx) => {
      const row = await lockRecord(trx, tenantId, recordId);
      if (!row) throw CatalogueAdminErrors.noSuchRecord();
      const d = await countDependents(trx, tenantId, recordId);
      if (d.on_loan > 0) throw CatalogueAdminErrors.onLoan(row.title, d.on_loan);
      if (d.open_requests > 0) throw CatalogueAdminErrors.requested(row.title, d.open_requests);
      await deleteRecord(trx, tenantId, recordId);
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: 'catalogue.delete',
          target: `record ${recordId}`,
          before: {
            title: row.title,
            suppressed: row.suppressed,
            copies: d.items,
            ratings: d.ratings,
            comments: d.comments,
            favourites: d.favourites,
            loans: d.loans,
          },
          after: null,
          ip,
        },
        trx,
      );
      await announceCatalogueChange(trx, tenantId);
      return row.title;
    });
    this.deps.catalogueChanged(tenantId);
    return { recordId, title };
  }
}

/** Why an import left running ended (the server that ran it stopped). */
const INTERRUPTED = 'interrupted: the server stopped before the import ended';

const zero = { created: 0, updated: 0, unchanged: 0, skipped: 0 };

function toJob(r: ImportRow): CatalogueImportJob {
  return {
    jobId: r.id,
    runId: r.run_id,
    state: r.state,
    fileName: r.file_name,
    fileSize: r.file_size,
    fileHash: r.file_hash,
    format: r.format,
    detected: r.detected,
    startedBy: r.started_by,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    elapsed: Math.max(0, Math.round(r.elapsed * 10) / 10),
    bytesRead: r.bytes_read,
    read: r.read_count,
    created: r.created_count,
    updated: r.updated_count,
    unchanged: r.unchanged_count,
    skipped: r.skipped_count,
    error: r.error,
    hasReport: r.has_report,
  };
}

function toBrief(r: {
  record_id: number;
  title: string;
  author: string;
  publisher: string | null;
  publish_year: string | null;
  isbns: string[];
  copies: number;
  suppressed: boolean;
}) {
  return {
    recordId: r.record_id,
    title: r.title,
    author: r.author,
    publisher: r.publisher,
    publishYear: r.publish_year,
    isbns: r.isbns,
    copies: r.copies,
    suppressed: r.suppressed,
  };
}

/** The CSV column mapping of an import, as `openfind import --mapping` reads it. */
async function parseMapping(text: string): Promise<CsvMapping> {
  const { parseCsvMapping } = await import('@openfind/marc');
  let parsed: CsvMapping | string;
  try {
    parsed = parseCsvMapping(JSON.parse(text));
  } catch (err) {
    throw CatalogueAdminErrors.badMapping((err as Error).message);
  }
  if (typeof parsed === 'string') throw CatalogueAdminErrors.badMapping(parsed);
  return parsed;
}

/** The reject report's text, at most `MAX_REPORT_BYTES` (cut at a line, with a line saying so). */
async function readReport(file: string): Promise<string> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    const buf = Buffer.alloc(Math.min(size, MAX_REPORT_BYTES));
    await fh.read(buf, 0, buf.length, 0);
    let text = buf.toString('utf8');
    if (size > MAX_REPORT_BYTES) {
      text = text.slice(0, text.lastIndexOf('\n') + 1);
      text += `… (the report is ${size} bytes; the first ${MAX_REPORT_BYTES} are kept)\n`;
    }
    // NUL cannot be stored in a text column.
    return text.replaceAll('\0', '');
  } finally {
    await fh.close();
  }
}

/** The kept MARC as tag, indicators and subfields (the line form or marc-in-json). */
async function marcView(text: string | null): Promise<{ leader: string; fields: CatalogueMarcField[] } | undefined> {
  if (!text) return undefined;
  const { parseStoredMarc, isControlField } = await import('@openfind/marc');
  let record;
  try {
    record = parseStoredMarc(text);
  } catch {
    return undefined;
  }
  if (!record) return undefined;
  return {
    leader: record.leader,
    fields: record.fields.map((f) =>
      isControlField(f)
        ? { tag: f.tag, value: f.value, ind1: '', ind2: '', subfields: [] }
        : { tag: f.tag, value: null, ind1: f.ind1, ind2: f.ind2, subfields: f.subfields.map((s) => ({ ...s })) },
    ),
  };
}
