import { sql, type Kysely } from 'kysely';
import { Sip2Client, Sip2UnreachableError, type PatronInformation } from '@openfind/sip2';
import type { Lang, LoanListRequest, ReaderLoan, RenewRefusal } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';
import { Sip2Holds } from './sip2-holds.js';
import type { AccountState, CirculationProvider, CirculationReader, RenewResult } from './provider.js';
import type { Sip2Settings } from './sip2-settings.js';

/** The library's system did not answer: the loan lists say so (the renewals say it per loan). */
export class CirculationUnreachableError extends Error {}

interface ExternalLoanRow {
  id: string;
  item_id: string;
  title: string;
  call_no: string | null;
  due_date: string | null;
  first_seen: string;
  returned_on: string | null;
  renew_count: number;
  record_id: number | null;
  today: string;
}

/** A reader's standing as the system reports it: why no renewal can go through, if any. */
function standingRefusal(info: PatronInformation): RenewRefusal | null {
  if (info.status.cardReportedLost) return 'cardLost';
  if (info.status.renewalPrivilegesDenied) return 'readerBlocked';
  if (info.status.excessiveOutstandingFines || info.status.excessiveOutstandingFees) return 'fineLimit';
  return null;
}

/**
 * A library's own circulation system over SIP2: the reader (matched by card number) and their loans
 * come from the system at every look; OpenFind keeps a record of each loan (`external_loan`) for
 * loan ids that last, renewals counted and the history SIP2 cannot give.
 */
/** A fee amount as a system wrote it (BV: "1.2", "12", " 3.50") in yuan with two decimals; null when absent or not a sum. */
export function yuanOfFee(fee: string | null): string | null {
  const text = fee?.trim() ?? '';
  return /^-?\d{1,9}(\.\d+)?$/.test(text) ? Number(text).toFixed(2) : null;
}

export class Sip2Circulation implements CirculationProvider {
  readonly kind = 'sip2';
  readonly capabilities = { loanHistory: true, renew: true };
  /** The pool of connections to the system (also for its own operations: a self-service checkout, a hold). */
  readonly client: Sip2Client;
  /** The reader's holds in the system (the Requests screens over SIP2). */
  readonly holds: Sip2Holds;

  constructor(
    private readonly db: Kysely<Database>,
    settings: Sip2Settings,
  ) {
    this.client = new Sip2Client({
      host: settings.host,
      port: settings.port,
      tls: settings.tls,
      user: settings.user,
      password: settings.password,
      institutionId: settings.institutionId,
      locationCode: settings.locationCode,
      charset: settings.charset,
      poolSize: settings.poolSize,
      timeoutMs: settings.timeoutMs,
    });
    this.holds = new Sip2Holds(db, this.client);
  }

  close(): void {
    this.client.close();
  }

  async loans(tenantId: number, reader: CirculationReader, q: LoanListRequest, current: boolean, _lang: Lang) {
    const refusal = current ? (await this.sync(tenantId, reader)).refusal : null;
    return this.readLoans(tenantId, reader, q, current, refusal);
  }

  /** A page of the loans OpenFind has copied from the system (sync() brings them up to date). */
  private async readLoans(
    tenantId: number,
    reader: CirculationReader,
    q: LoanListRequest,
    current: boolean,
    refusal: RenewRefusal | null,
  ) {
    const like = `%${q.searchContent.replace(/[%_\\]/g, '\\$&')}%`;
    const search = !q.searchContent
      ? sql``
      : q.searchType === 3
        ? sql`AND x.item_id ILIKE ${like}`
        : sql`AND x.title ILIKE ${like}`;
    const open = current ? sql`x.returned_on IS NULL` : sql`x.returned_on IS NOT NULL`;
    const select = sql`
      SELECT x.id::text AS id, x.item_id, x.title, x.call_no, x.due_date::text AS due_date,
             x.first_seen::text AS first_seen, x.returned_on::text AS returned_on, x.renew_count,
             i.record_id, current_date::text AS today
      FROM external_loan x
      LEFT JOIN item i ON i.tenant_id = x.tenant_id AND i.barcode = x.item_id
      WHERE x.tenant_id = ${tenantId} AND x.reader_id = ${reader.id} AND ${open} ${search}`;
    const order = current ? sql`due_date NULLS LAST, id` : sql`returned_on DESC, id DESC`;
    const [page, count] = await Promise.all([
      findPage<ExternalLoanRow>(this.db, select, order, (q.page - 1) * q.rows, q.rows),
      this.db
        .selectFrom('external_loan')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('reader_id', '=', reader.id)
        .where('returned_on', 'is', null)
        .executeTakeFirst(),
    ]);
    return {
      total: page.total,
      loans: page.rows.map((row) => toReaderLoan(row, current, refusal)),
      currentCount: Number(count?.n ?? 0),
    };
  }

  /** The loans as the system has them now, and the fees (BV) it reported with them, in yuan. */
  async accountState(tenantId: number, reader: CirculationReader): Promise<AccountState> {
    const { refusal, fee } = await this.sync(tenantId, reader);
    const all = { page: 1, rows: 200, searchType: 1, searchContent: '', sortType: 0, startDate: '', endDate: '' };
    const { loans } = await this.readLoans(tenantId, reader, all, true, refusal);
    return {
      loans: loans.map((l) => ({ dueDate: l.normReturnDate, renewable: l.renewable })),
      fineBalance: yuanOfFee(fee),
    };
  }

  async renew(tenantId: number, reader: CirculationReader, loanIds: readonly number[]): Promise<RenewResult[]> {
    const rows = await this.db
      .selectFrom('external_loan')
      .select(['id', 'item_id', 'title'])
      .where('tenant_id', '=', tenantId)
      .where('reader_id', '=', reader.id)
      .where('returned_on', 'is', null)
      .where('id', 'in', loanIds.length ? loanIds.map(String) : ['0'])
      .execute();
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const results: RenewResult[] = [];
    for (const loanId of loanIds) {
      const row = byId.get(loanId);
      if (!row) {
        results.push({ loanId, title: '', renewed: false, refusal: 'noSuchLoan', renewableFrom: null });
        continue;
      }
      try {
        const answer = await this.client.renew(reader.cardNo, row.item_id);
        const due = answer.dueDate?.date ?? null;
        if (answer.ok && answer.renewalOk !== false) {
          await this.db
            .updateTable('external_loan')
            .set((eb) => ({ due_date: due, renew_count: eb('renew_count', '+', 1) }))
            .where('id', '=', row.id)
            .execute();
          results.push({ loanId, title: row.title, renewed: true, dueDate: due ?? '' });
        } else {
          results.push({
            loanId,
            title: row.title,
            renewed: false,
            refusal: 'refusedBySystem',
            renewableFrom: null,
            detail: answer.screenMessages.join(' ').trim() || undefined,
          });
        }
      } catch (err) {
        if (!(err instanceof Sip2UnreachableError)) throw err;
        results.push({ loanId, title: row.title, renewed: false, refusal: 'unreachable', renewableFrom: null });
      }
    }
    return results;
  }

  /**
   * Brings OpenFind's record of the reader's loans up to the system's: the items charged to the
   * card now (titles and due dates from item information), the others marked returned today. The
   * reader's standing refusal, if any, and the fees the system reported (BV).
   */
  private async sync(
    tenantId: number,
    reader: CirculationReader,
  ): Promise<{ refusal: RenewRefusal | null; fee: string | null }> {
    let info: PatronInformation;
    const items: Array<{ id: string; title: string; due: string | null; callNo: string | null }> = [];
    try {
      info = await this.client.patronInformation(reader.cardNo, undefined, { kind: 'charged' });
      if (info.validPatron === false) return { refusal: 'readerBlocked', fee: info.feeAmount };
      for (const id of info.chargedItems) {
        const item = await this.client.itemInformation(id);
        items.push({ id, title: item.title ?? '', due: item.dueDate?.date ?? null, callNo: item.callNumber });
      }
    } catch (err) {
      if (err instanceof Sip2UnreachableError) throw new CirculationUnreachableError(err.message, { cause: err });
      throw err;
    }
    await this.db.transaction().execute(async (trx) => {
      for (const item of items) {
        await sql`
          INSERT INTO external_loan (tenant_id, reader_id, item_id, title, call_no, due_date)
          VALUES (${tenantId}, ${reader.id}, ${item.id}, ${item.title}, ${item.callNo}, ${item.due}::date)
          ON CONFLICT (tenant_id, reader_id, item_id) WHERE returned_on IS NULL
          DO UPDATE SET title = excluded.title, call_no = excluded.call_no, due_date = excluded.due_date`.execute(trx);
      }
      await sql`
        UPDATE external_loan SET returned_on = greatest(current_date, first_seen)
        WHERE tenant_id = ${tenantId} AND reader_id = ${reader.id} AND returned_on IS NULL
          AND NOT (item_id = ANY(${items.map((i) => i.id)}::text[]))`.execute(trx);
    });
    return { refusal: standingRefusal(info), fee: info.feeAmount };
  }
}

function toReaderLoan(row: ExternalLoanRow, current: boolean, refusal: RenewRefusal | null): ReaderLoan {
  const due = row.due_date ?? '';
  const overdue = current && due && due < row.today;
  return {
    loanId: Number(row.id),
    recordId: row.record_id ?? 0,
    title: row.title,
    author: null,
    publisher: null,
    isbn: null,
    publishYear: null,
    // SIP2 does not say when a loan began (first_seen is only when OpenFind first saw it).
    loanDate: '',
    normReturnDate: due,
    returnDate: row.returned_on,
    renewDate: null,
    renewTimes: row.renew_count,
    recallTimes: 0,
    loanType: null,
    barcode: row.item_id,
    callNo: row.call_no,
    propNo: null,
    locationName: null,
    curLibName: null,
    campusName: null,
    docCode: null,
    // The system decides at the renewal: only what the reader's standing already rules out is said here.
    renewLimit: null,
    overdueDays: overdue ? Math.round((Date.parse(row.today) - Date.parse(due)) / 86_400_000) : 0,
    renewable: current && refusal === null,
    renewRefusal: current ? refusal : null,
    renewableFrom: null,
  };
}
