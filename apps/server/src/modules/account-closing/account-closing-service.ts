import { sql, type Kysely } from 'kysely';
import {
  AccountClosingErrCode,
  EXPORT_FORMAT_VERSION,
  formatCents,
  type ClosingBlock,
  type ClosingCheck,
  type ClosingReason,
  type Lang,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { t, type MessageKey } from '../../http/messages.js';
import type { AuthService } from '../auth/auth-service.js';
import type { CirculationService } from '../circulation/circulation-service.js';
import { LocalCirculation } from '../circulation/local-provider.js';
import type { CirculationProvider } from '../circulation/provider.js';
import { CirculationUnreachableError } from '../circulation/sip2-provider.js';
import { findReaderById } from '../readers/reader-repository.js';
import { insertAudit } from '../staff/staff-repository.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import {
  anonymiseDeliveries,
  anonymiseDonations,
  anonymiseReader,
  anonymiseRecommendations,
  countOpenDonations,
  countOpenRequests,
  deleteReaderRows,
  findDonationItemsOf,
  findInboxOf,
  findProfile,
  findReaderColumns,
  findReaderRows,
  lockReaderForClosing,
  type ReaderColumn,
} from './account-closing-repository.js';

/** The text of each reason that keeps an account open. */
const REASON_TEXTS: Record<ClosingBlock, MessageKey> = {
  loans: 'closingReasonLoans',
  requests: 'closingReasonRequests',
  deliveries: 'closingReasonDeliveries',
  relends: 'closingReasonRelends',
  relendHolder: 'closingReasonRelendHolder',
  fines: 'closingReasonFines',
  deposit: 'closingReasonDeposit',
  donations: 'closingReasonDonations',
};

/**
 * What the closing does with the rows of each table that names the reader. Tables not named here
 * (those of features added later among them) are `delete`: whatever is not kept on purpose goes.
 * - keep: the rows stay under the reader's id, which names nobody once the reader row is emptied:
 *   the loans, requests, fines and payments (statistics and the library's accounts), ratings (a
 *   number without a name: the records' averages hold), suggestions and donations (acquisitions),
 *   each without the reader's free text or contact (see the repository's anonymise functions).
 * - delete: everything personal: favourites, comments (the reader's own words, which may name them:
 *   deleted rather than shown without a name), addresses, points, avatar, sign-on identities, codes,
 *   messages, reminders, search history, folders, lists, subscriptions, feedback…
 * - the reader row itself: anonymised (anonymiseReader), never deleted.
 */
export const CLOSING_POLICY: Record<string, 'keep' | 'skip'> = {
  reader: 'skip',
  loan_event: 'keep',
  external_loan: 'keep',
  circ_request: 'keep',
  circ_fine: 'keep',
  circ_payment: 'keep',
  record_rating: 'keep',
  recommendation: 'keep',
  donation: 'keep',
};

/** How each table appears in the export: its section name and the columns left out (secrets, ids of others). */
const EXPORT_SECTIONS: Record<string, { name: string; omit?: string[] } | null> = {
  loan_event: { name: 'loans' },
  external_loan: { name: 'loansInLibrarySystem' },
  external_hold: { name: 'requestsInLibrarySystem' },
  circ_request: { name: 'requests', omit: ['holder_reader_id'] },
  circ_fine: { name: 'fines' },
  circ_payment: { name: 'payments' },
  points_entry: { name: 'points' },
  reader_address: { name: 'addresses' },
  favourite: { name: 'favourites' },
  record_comment: { name: 'comments' },
  record_rating: { name: 'ratings' },
  recommendation: { name: 'recommendations' },
  donation: { name: 'donations', omit: ['submit_key'] },
  search_history: { name: 'searchHistory' },
  reader_reminder_pref: { name: 'reminderPreferences' },
  reminder_notice: { name: 'remindersSent' },
  relend_decline: { name: 'relendDeclines' },
  reader_identity: { name: 'signOnIdentities', omit: ['external_id'] },
  // Read with their own query or left out: secrets (codes, recovery, the avatar's bytes) and the reader row.
  reader_inbox: null,
  reader: null,
  reader_avatar: null,
  reader_code: null,
  verification_code: null,
  password_recovery: null,
};

/** The reader's data as one document (the download of "download my data"). */
export type DataExport = Record<string, unknown>;

/**
 * Self-service account closing and "download my data" (My Library key 14). Every call acts on the
 * session's reader only. The closing checks the password (counted like a login's), then, in one
 * transaction that holds the reader's row locked (a second closing waits and finds it closed), checks
 * again what keeps the account open, deletes or anonymises the reader's data by CLOSING_POLICY, ends
 * every session and writes the audit row.
 */
export class AccountClosingService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { auth: AuthService; circulation: CirculationService },
  ) {}

  /** The reasons the account cannot be closed now (none: it can), in `lang`. */
  async check(tenantId: number, readerId: number, lang: Lang): Promise<ClosingCheck> {
    const reader = await findReaderById(this.db, tenantId, readerId);
    if (!reader) throw new AppError('closingAlreadyClosed', AccountClosingErrCode.alreadyClosed);
    const provider = await this.deps.circulation.providerOf(tenantId);
    const row = await locklessStanding(this.db, tenantId, readerId);
    const reasons = await this.reasons(this.db, provider, tenantId, reader, row, lang);
    return { closable: reasons.length === 0, reasons, account: reader.account };
  }

  /** What keeps the account open, read through `db` (the closing's transaction, or the pool). */
  private async reasons(
    db: Kysely<Database>,
    provider: CirculationProvider,
    tenantId: number,
    reader: { id: number; cardNo: string; account: string },
    money: { depositCents: number; prepaymentCents: number },
    lang: Lang,
  ): Promise<ClosingReason[]> {
    const circ = { id: reader.id, cardNo: reader.cardNo, account: reader.account };
    let loans: number;
    let fine: string | null;
    let externalHolds = 0;
    try {
      // OpenFind's own circulation is read in the transaction; a library system over SIP2 as it answers now.
      const state = await (provider.kind === 'local' ? new LocalCirculation(db) : provider).accountState(
        tenantId,
        circ,
      );
      loans = state.loans.length;
      fine = state.fineBalance;
      if (provider.holds) externalHolds = (await provider.holds.list(tenantId, circ, 1, 1, lang)).totalCount;
    } catch (err) {
      if (err instanceof CirculationUnreachableError)
        throw new AppError('closingUnreachable', AccountClosingErrCode.unreachable);
      throw err;
    }
    const [requests, donations] = await Promise.all([
      countOpenRequests(db, tenantId, reader.id),
      countOpenDonations(db, tenantId, reader.id),
    ]);
    const out: ClosingReason[] = [];
    const add = (kind: ClosingBlock, count: number, amount = '') => {
      if (count <= 0) return;
      out.push({ kind, count, amount, text: t(lang, REASON_TEXTS[kind], { count, amount }) });
    };
    add('loans', loans);
    add('requests', (requests.byType.reserve ?? 0) + (requests.byType.entrust ?? 0) + externalHolds);
    add('deliveries', requests.byType.delivery ?? 0);
    add('relends', requests.byType.relend ?? 0);
    add('relendHolder', requests.asHolder);
    if (fine !== null && Number(fine) > 0) add('fines', 1, fine);
    const held = money.depositCents + money.prepaymentCents;
    if (held > 0) add('deposit', 1, formatCents(held));
    add('donations', donations);
    return out;
  }

  /** Every table that names a reader, and what the closing does with it. */
  async tables(): Promise<Array<ReaderColumn & { policy: 'keep' | 'skip' | 'delete' }>> {
    return (await findReaderColumns(this.db)).map((c) => ({ ...c, policy: CLOSING_POLICY[c.table] ?? 'delete' }));
  }

  /** The reader's data: one document with a section per kind of data, the reader's rows only. */
  async exportData(tenant: Tenant, readerId: number): Promise<DataExport> {
    const profile = await findProfile(this.db, tenant.id, readerId);
    if (!profile) throw new AppError('closingAlreadyClosed', AccountClosingErrCode.alreadyClosed);
    const doc: DataExport = {
      format: 'openfind-reader-data',
      version: EXPORT_FORMAT_VERSION,
      exportedAt: new Date().toISOString(),
      institution: tenant.name,
      profile,
    };
    const other: Record<string, unknown> = {};
    for (const c of await findReaderColumns(this.db)) {
      // The reader's own rows only: a column naming the reader as the one asked (re-lend) is not theirs.
      if (c.column === 'holder_reader_id') continue;
      const section = EXPORT_SECTIONS[c.table];
      if (section === null) continue;
      const rows = await findReaderRows(this.db, tenant.id, readerId, c, [c.column, ...(section?.omit ?? [])]);
      if (section) doc[section.name] = rows;
      else other[c.table] = rows;
    }
    doc.donationItems = await findDonationItemsOf(this.db, tenant.id, readerId);
    doc.messages = await findInboxOf(this.db, tenant.id, readerId);
    // What features added later keep of the reader (folders, lists, subscriptions, feedback…), by table.
    doc.other = other;
    return doc;
  }

  /**
   * Closes the account: the password first (a wrong one is counted as a login's), then in one
   * transaction the checks again, the deletion and anonymisation, the end of every session and the
   * audit row. A second closing at the same time waits for the row and finds the account closed.
   */
  async close(
    tenant: Tenant,
    readerId: number,
    input: { password: string; confirmed: boolean },
    ip: string,
    lang: Lang,
  ): Promise<{ closedAt: string }> {
    if (!input.confirmed) throw new AppError('closingNotConfirmed', AccountClosingErrCode.notConfirmed);
    const reader = await findReaderById(this.db, tenant.id, readerId);
    if (!reader) throw new AppError('closingAlreadyClosed', AccountClosingErrCode.alreadyClosed);
    if (!input.password) throw new AppError('closingPasswordWrong', AccountClosingErrCode.passwordWrong);
    try {
      await this.deps.auth.confirmPassword(tenant, reader, input.password, ip);
    } catch (err) {
      if (err instanceof AppError && err.key === 'currentPasswordWrong')
        throw new AppError('closingPasswordWrong', AccountClosingErrCode.passwordWrong);
      throw err;
    }
    const provider = await this.deps.circulation.providerOf(tenant.id);
    const tables = await this.tables();
    const closedAt = await inTransaction(this.db, async (trx) => {
      const locked = await lockReaderForClosing(trx, tenant.id, readerId);
      if (!locked || locked.closedAt) throw new AppError('closingAlreadyClosed', AccountClosingErrCode.alreadyClosed);
      const reasons = await this.reasons(trx, provider, tenant.id, reader, locked, lang);
      if (reasons.length)
        throw new AppError('closingBlocked', AccountClosingErrCode.blocked, {
          reasons: reasons.map((r) => r.text).join(lang === 'en-US' ? '; ' : '；'),
        });
      await deleteInOrder(
        trx,
        tenant.id,
        readerId,
        tables.filter((c) => c.policy === 'delete'),
      );
      await anonymiseDeliveries(trx, tenant.id, readerId);
      await anonymiseDonations(trx, tenant.id, readerId);
      await anonymiseRecommendations(trx, tenant.id, readerId);
      const at = await anonymiseReader(trx, tenant.id, readerId);
      await insertAudit(trx, {
        tenantId: tenant.id,
        staffId: null,
        actor: `reader #${readerId} (self)`,
        action: 'reader.close',
        target: `reader #${readerId}`,
        after: { closedBy: 'self', closedAt: at.toISOString() },
        ip,
      });
      return at;
    });
    return { closedAt: closedAt.toISOString() };
  }
}

/** The money the library holds for the reader (deposit, prepayment), read without a lock. */
async function locklessStanding(db: Kysely<Database>, tenantId: number, readerId: number) {
  const row = await db
    .selectFrom('reader')
    .select(['deposit_cents', 'prepayment_cents'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId)
    .executeTakeFirst();
  return { depositCents: row?.deposit_cents ?? 0, prepaymentCents: row?.prepayment_cents ?? 0 };
}

/**
 * Deletes the reader's rows table by table. A table whose rows others still refer to (a foreign key
 * without cascade, from a table of a later feature) is tried again after the others, each attempt
 * in a savepoint so that a refused one leaves the transaction usable; one still refused at the end
 * stops the closing (nothing is changed).
 */
async function deleteInOrder(
  trx: Kysely<Database>,
  tenantId: number,
  readerId: number,
  tables: ReaderColumn[],
): Promise<void> {
  let left = tables;
  while (left.length) {
    const refused: ReaderColumn[] = [];
    let lastError: unknown;
    for (const c of left) {
      await sql.raw('SAVEPOINT closing_delete').execute(trx);
      try {
        await deleteReaderRows(trx, tenantId, readerId, c);
        await sql.raw('RELEASE SAVEPOINT closing_delete').execute(trx);
      } catch (err) {
        await sql.raw('ROLLBACK TO SAVEPOINT closing_delete').execute(trx);
        refused.push(c);
        lastError = err;
      }
    }
    if (refused.length === left.length) throw lastError;
    left = refused;
  }
}
