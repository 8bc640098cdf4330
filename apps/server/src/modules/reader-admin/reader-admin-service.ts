import { createHash, randomInt } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import type { Kysely } from 'kysely';
import {
  BehaviourListQuery,
  LoanListRequest,
  READER_IMPORT_MAX_BYTES,
  READER_IMPORT_MAX_ROWS,
  ReaderAdminErrCode,
  TEMPORARY_PASSWORD_ALPHABET,
  TEMPORARY_PASSWORD_LENGTH,
  type Lang,
  type PasswordRule,
  type ReaderDetail,
  type ReaderImportReport,
  type ReaderSearchPage,
  type ReaderSearchQuery,
  type ReaderStatus,
  type ReaderStatusChange,
} from '@openfind/contract';
import { looksLikeGb18030 } from '@openfind/marc';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { CirculationService } from '../circulation/circulation-service.js';
import type { FineService } from '../circulation/fine-service.js';
import type { RequestService } from '../circulation/request-service.js';
import { hashPassword } from '../readers/passwords.js';
import { endReaderSessions, findReaderById, setReaderPassword, setReaderStatus } from '../readers/reader-repository.js';
import {
  ReaderImportHeaderError,
  hashPlannedPasswords,
  planReaderImport,
  writePlannedReaders,
  type ReaderImportPlan,
} from '../readers/reader-service.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  claimPreview,
  finishImport,
  findReaderDates,
  lockReaderStatus,
  savePreview,
  searchReaders,
} from './reader-admin-repository.js';

/** The failures of the readers' staff calls. */
export const ReaderAdminErrors = {
  noSuchReader: () => new AppError('readerAdminNoSuchReader', ReaderAdminErrCode.noSuchReader),
  fileTooLarge: () =>
    new AppError('readerImportTooLarge', ReaderAdminErrCode.fileTooLarge, { mb: READER_IMPORT_MAX_BYTES >> 20 }, 413),
  notText: () => new AppError('readerImportNotText', ReaderAdminErrCode.notText),
  noAccountColumn: () => new AppError('readerImportNoAccount', ReaderAdminErrCode.badHeader),
  unknownColumns: (columns: string[]) =>
    new AppError('readerImportUnknownColumns', ReaderAdminErrCode.badHeader, { columns: columns.join(', ') }),
  tooManyRows: () =>
    new AppError('readerImportTooManyRows', ReaderAdminErrCode.tooManyRows, { max: READER_IMPORT_MAX_ROWS }),
  emptyFile: () => new AppError('readerImportEmpty', ReaderAdminErrCode.emptyFile),
  notPreviewed: () => new AppError('readerImportNotPreviewed', ReaderAdminErrCode.notPreviewed),
  changed: () => new AppError('readerImportChanged', ReaderAdminErrCode.changedSincePreview),
};

/**
 * A reader file's text: UTF-8 (with or without BOM), else GB18030 when its bytes read as Chinese
 * there (the catalogue import's rule, `@openfind/marc`); anything else (a spreadsheet, an image,
 * UTF-16) is refused, as is a file with NUL bytes.
 */
export function decodeReaderFile(bytes: Buffer): { text: string; encoding: 'utf-8' | 'gb18030' } {
  if (bytes.length === 0) throw ReaderAdminErrors.emptyFile();
  if (bytes.includes(0)) throw ReaderAdminErrors.notText();
  if (isUtf8(bytes)) return { text: bytes.toString('utf8'), encoding: 'utf-8' };
  if (looksLikeGb18030(bytes, 0, bytes.length))
    return { text: new TextDecoder('gb18030').decode(bytes), encoding: 'gb18030' };
  throw ReaderAdminErrors.notText();
}

/** A temporary password: random, of an alphabet without look-alikes, always with a digit. */
export function temporaryPassword(): string {
  for (;;) {
    let p = '';
    for (let i = 0; i < TEMPORARY_PASSWORD_LENGTH; i++)
      p += TEMPORARY_PASSWORD_ALPHABET[randomInt(TEMPORARY_PASSWORD_ALPHABET.length)];
    if (/\d/.test(p) && /[a-z]/i.test(p)) return p;
  }
}

/** What the audit log keeps of a reader (never a password or its hash). */
type AuditState = Record<string, unknown>;

/**
 * The staff console's readers (issue 28): search, a reader's page (the loans, requests and fines
 * services' own answers), status changes, temporary passwords, ending sessions, and the CSV import
 * (the `openfind reader import` plan and write, `readers/reader-service.ts`). Every change ends the
 * reader's sessions where it says so, and is written to the audit log in its own transaction, with
 * the state before and after.
 */
export class ReaderAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      circulation: CirculationService;
      requests: RequestService;
      fines: FineService;
      staff: StaffService;
      passwordRule: (tenantId: number) => Promise<PasswordRule>;
    },
  ) {}

  private audit(
    actor: StaffActor,
    ip: string,
    action: string,
    target: string,
    before: AuditState | null,
    after: AuditState | null,
    db: Kysely<Database>,
  ): Promise<void> {
    return this.deps.staff.audit(
      {
        tenantId: actor.tenantId,
        staffId: actor.staffId,
        actor: actor.username,
        action: `readers.${action}`,
        target,
        before,
        after,
        ip,
      },
      db,
    );
  }

  async search(actor: StaffActor, q: ReaderSearchQuery): Promise<ReaderSearchPage> {
    const found = await searchReaders(this.db, actor.tenantId, q, (q.page - 1) * q.rows, q.rows);
    return {
      totalCount: found.total,
      list: found.rows.map((r) => ({
        readerId: r.id,
        account: r.account,
        cardNo: r.card_no,
        name: r.name,
        department: r.department,
        readerType: r.reader_type,
        status: r.status,
        phone: r.phone,
        email: r.email,
        validUntil: r.valid_until,
        closed: Boolean(r.closed),
      })),
    };
  }

  async detail(actor: StaffActor, readerId: number, lang: Lang): Promise<ReaderDetail> {
    const { tenantId } = actor;
    const [reader, dates] = await Promise.all([
      findReaderById(this.db, tenantId, readerId),
      findReaderDates(this.db, tenantId, readerId),
    ]);
    if (!reader || !dates) throw ReaderAdminErrors.noSuchReader();
    const who = { id: reader.id, cardNo: reader.cardNo, account: reader.account };
    const [loans, requests, fines, money] = await Promise.all([
      this.deps.circulation.loans(tenantId, who, LoanListRequest.parse({ rows: 100 }), true, lang),
      this.deps.requests.list(tenantId, reader.id, 1, 100, lang),
      this.deps.fines.behaviours(tenantId, reader.id, BehaviourListQuery.parse({ rows: 100 })),
      this.deps.fines.totalMoney(tenantId, reader.id),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    return {
      readerId: reader.id,
      account: reader.account,
      cardNo: reader.cardNo,
      name: reader.name,
      department: reader.department,
      readerType: reader.readerType,
      status: reader.status,
      phone: reader.phone,
      email: reader.email,
      libCode: reader.libCode,
      validFrom: reader.validFrom,
      validUntil: reader.validUntil,
      expired: reader.validUntil !== null && reader.validUntil < today,
      mustChangePassword: reader.mustChangePassword,
      lastLoginAt: dates.lastLoginAt,
      createdAt: dates.createdAt,
      closed: dates.closed,
      loans,
      requests,
      fines,
      money,
    };
  }

  /**
   * Freezes a reader, marks the card lost or restores it: the status the renewal, request and
   * standing rules read (`reader.status`), and every session of the reader ends. The row is locked
   * while it changes, so two clicks make one change and one audit row; the same status again
   * changes nothing.
   */
  async setStatus(
    actor: StaffActor,
    input: { readerId: number; status: ReaderStatus },
    ip: string,
  ): Promise<ReaderStatusChange & { account: string }> {
    const { tenantId } = actor;
    return inTransaction(this.db, async (trx) => {
      const before = await lockReaderStatus(trx, tenantId, input.readerId);
      if (!before) throw ReaderAdminErrors.noSuchReader();
      const change = {
        readerId: input.readerId,
        status: input.status,
        previous: before.status,
        account: before.account,
      };
      if (before.status === input.status) return change;
      await setReaderStatus(trx, tenantId, input.readerId, input.status);
      await this.audit(
        actor,
        ip,
        'status',
        `reader ${before.account}`,
        { status: before.status },
        { status: input.status, sessionsEnded: true },
        trx,
      );
      return change;
    });
  }

  /** A temporary password (answered once, never stored but as its hash), changed at the next login; sessions end. */
  async resetPassword(actor: StaffActor, readerId: number, ip: string): Promise<{ password: string; account: string }> {
    const { tenantId } = actor;
    const password = temporaryPassword();
    const hash = await hashPassword(password);
    return inTransaction(this.db, async (trx) => {
      const reader = await lockReaderStatus(trx, tenantId, readerId);
      if (!reader) throw ReaderAdminErrors.noSuchReader();
      await setReaderPassword(trx, tenantId, readerId, hash, { mustChange: true });
      await this.audit(
        actor,
        ip,
        'resetPassword',
        `reader ${reader.account}`,
        null,
        { temporaryPassword: true, mustChangePassword: true, sessionsEnded: true },
        trx,
      );
      return { password, account: reader.account };
    });
  }

  async endSessions(actor: StaffActor, readerId: number, ip: string): Promise<{ account: string }> {
    const { tenantId } = actor;
    return inTransaction(this.db, async (trx) => {
      const reader = await lockReaderStatus(trx, tenantId, readerId);
      if (!reader) throw ReaderAdminErrors.noSuchReader();
      await endReaderSessions(trx, tenantId, readerId);
      await this.audit(actor, ip, 'endSessions', `reader ${reader.account}`, null, { sessionsEnded: true }, trx);
      return { account: reader.account };
    });
  }

  /** A reader file read and checked against the institution's readers now; its failures translated. */
  private async plan(tenantId: number, bytes: Buffer): Promise<{ plan: ReaderImportPlan; encoding: string }> {
    if (bytes.length > READER_IMPORT_MAX_BYTES) throw ReaderAdminErrors.fileTooLarge();
    const { text, encoding } = decodeReaderFile(bytes);
    let plan: ReaderImportPlan;
    try {
      plan = await planReaderImport(this.db, tenantId, text, {
        rule: await this.deps.passwordRule(tenantId),
        mustChange: true,
      });
    } catch (err) {
      if (err instanceof ReaderImportHeaderError)
        throw err.columns.length ? ReaderAdminErrors.unknownColumns(err.columns) : ReaderAdminErrors.noAccountColumn();
      throw err;
    }
    if (plan.rows === 0) throw ReaderAdminErrors.emptyFile();
    if (plan.rows > READER_IMPORT_MAX_ROWS) throw ReaderAdminErrors.tooManyRows();
    return { plan, encoding };
  }

  private static report(
    plan: ReaderImportPlan,
    encoding: string,
    counts: { added: number; updated: number },
    committed: boolean,
  ): ReaderImportReport {
    return {
      encoding,
      rows: plan.rows,
      ...counts,
      rejected: plan.rejected.map((r) => ({ line: r.line, account: r.account, problem: r.problem, value: r.value })),
      committed,
    };
  }

  /** What a reader file would do; the file's digest is kept for its commit (the file itself is not). */
  async previewImport(actor: StaffActor, bytes: Buffer): Promise<ReaderImportReport> {
    const { plan, encoding } = await this.plan(actor.tenantId, bytes);
    const added = plan.accepted.filter((r) => !r.exists).length;
    const report = ReaderAdmin.report(plan, encoding, { added, updated: plan.accepted.length - added }, false);
    await savePreview(this.db, {
      tenantId: actor.tenantId,
      staffId: actor.staffId,
      digest: digestOf(bytes),
      summary: { rows: report.rows, added: report.added, updated: report.updated, rejected: report.rejected.length },
    });
    return report;
  }

  /**
   * Imports a previewed file: its preview taken once (a second commit finds none), the file checked
   * again against the readers as they are now, the passwords hashed, then every reader written with
   * the preview's row and the audit row in one transaction. A conflict the check could not see (a
   * card number taken in between) imports nothing and asks for a new preview.
   */
  async commitImport(actor: StaffActor, bytes: Buffer, ip: string): Promise<ReaderImportReport> {
    const { tenantId } = actor;
    if (bytes.length > READER_IMPORT_MAX_BYTES) throw ReaderAdminErrors.fileTooLarge();
    const digest = digestOf(bytes);
    const claimed = await claimPreview(this.db, tenantId, digest);
    if (claimed === undefined) throw ReaderAdminErrors.notPreviewed();
    try {
      const { plan, encoding } = await this.plan(tenantId, bytes);
      const hashes = await hashPlannedPasswords(plan);
      return await inTransaction(this.db, async (trx) => {
        const done = await writePlannedReaders(trx, tenantId, plan, hashes);
        const report = ReaderAdmin.report(plan, encoding, { added: done.created, updated: done.updated }, true);
        const summary = { rows: plan.rows, added: done.created, updated: done.updated, rejected: plan.rejected.length };
        await finishImport(trx, tenantId, claimed, { committed: true, summary });
        await this.audit(
          actor,
          ip,
          'import',
          `file ${digest.slice(0, 12)}`,
          null,
          {
            ...summary,
            // Who was added and who changed; the fields of a row are the file's, its password never.
            addedAccounts: plan.accepted.filter((r) => !r.exists).map((r) => r.input.account),
            updatedAccounts: plan.accepted.filter((r) => r.exists).map((r) => r.input.account),
          },
          trx,
        );
        return report;
      });
    } catch (err) {
      await finishImport(this.db, tenantId, claimed, { committed: false });
      if ((err as { code?: unknown }).code === '23505') throw ReaderAdminErrors.changed();
      throw err;
    }
  }
}

/** The sha-256 of a file's bytes (hex). */
function digestOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
