import type { Kysely } from 'kysely';
import { CirculationErrCode, DUE_SOON_DAYS, formatCents, type UserLoanRules } from '@openfind/contract';
import type {
  Lang,
  LoanListRequest,
  LoanListResponse,
  LoanSummary,
  RenewOutcome,
  RenewRefusal,
  RenewResponse,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { t, type MessageKey } from '../../http/messages.js';
import { AppError } from '../../http/errors.js';
import { setTenantSecret, tenantSecret } from '../auth/auth-repository.js';
import { pointsBalance } from '../points/points-service.js';
import { findReaderById } from '../readers/reader-repository.js';
import { countUnreadMessages, findLoanPolicies, today } from './circulation-repository.js';
import { issueReaderCode } from './reader-code-repository.js';
import { LocalCirculation } from './local-provider.js';
import { countReadyRequests } from './request-repository.js';
import { LOANABLE_CIRC_ATTR, addDays, policyFor } from './renewal-rules.js';
import { CirculationUnreachableError, Sip2Circulation } from './sip2-provider.js';
import { SIP2_CONNECTION_SECRET, parseSip2Settings } from './sip2-settings.js';
import type { AccountState, CirculationProvider, CirculationReader, RenewResult } from './provider.js';

/** The translated text of each refusal. */
const REFUSAL_TEXTS: Record<RenewRefusal, MessageKey> = {
  tooManyRenewals: 'renewTooManyRenewals',
  tooSoon: 'renewTooSoon',
  overdue: 'renewOverdue',
  onHold: 'renewOnHold',
  notRenewable: 'renewNotRenewable',
  fineLimit: 'renewFineLimit',
  readerBlocked: 'renewReaderBlocked',
  cardFrozen: 'renewCardFrozen',
  cardLost: 'renewCardLost',
  cardExpired: 'renewCardExpired',
  noSuchLoan: 'renewNoSuchLoan',
  refusedBySystem: 'renewRefusedBySystem',
  unreachable: 'renewUnreachable',
};

/** Why a loan was not renewed, in `lang`: the library system's own text when it gave no code. */
export function refusalText(result: Extract<RenewResult, { renewed: false }>, lang: Lang): string {
  if (result.refusal === 'refusedBySystem' && result.detail) return result.detail;
  if (result.refusal === 'tooSoon' && result.renewableFrom)
    return t(lang, 'renewTooSoonFrom', { date: result.renewableFrom });
  return t(lang, REFUSAL_TEXTS[result.refusal]);
}

/**
 * A reader's circulation through their institution's provider: the library's own system over SIP2
 * when the institution has a `sip2Connection` secret, else OpenFind's own circulation.
 */
export class CirculationService {
  private readonly local: LocalCirculation;
  /** One SIP2 provider (and its pool of connections) per institution, with the settings it was made from. */
  private readonly sip2 = new Map<number, { settings: string; provider: Sip2Circulation }>();

  constructor(private readonly db: Kysely<Database>) {
    this.local = new LocalCirculation(db);
  }

  /** The provider of an institution (its settings are read at each call: a change takes effect at once). */
  async providerOf(tenantId: number): Promise<CirculationProvider> {
    const settings = await tenantSecret(this.db, tenantId, SIP2_CONNECTION_SECRET);
    const known = this.sip2.get(tenantId);
    if (!settings) {
      known?.provider.close();
      this.sip2.delete(tenantId);
      return this.local;
    }
    if (known?.settings === settings) return known.provider;
    known?.provider.close();
    let parsed;
    try {
      parsed = parseSip2Settings(settings);
    } catch {
      // Checked when set (`openfind config secret`); a damaged value reads as a system out of reach.
      throw new AppError('circulationUnreachable', CirculationErrCode.unreachable);
    }
    const provider = new Sip2Circulation(this.db, parsed);
    this.sip2.set(tenantId, { settings, provider });
    return provider;
  }

  /** Sets (JSON, checked by the caller) or clears ('') the institution's SIP2 connection. */
  async setSip2Connection(tenantId: number, settings: string): Promise<void> {
    await setTenantSecret(this.db, tenantId, SIP2_CONNECTION_SECRET, settings);
  }

  /** Closes the connections to the institutions' systems (server shutdown). */
  close(): void {
    for (const { provider } of this.sip2.values()) provider.close();
    this.sip2.clear();
  }

  async loans(
    tenantId: number,
    reader: CirculationReader,
    q: LoanListRequest,
    current: boolean,
    lang: Lang,
  ): Promise<LoanListResponse> {
    const provider = await this.providerOf(tenantId);
    try {
      const { total, loans, currentCount } = await provider.loans(tenantId, reader, q, current, lang);
      return { searchResult: loans, numFound: total, loanNum: currentCount };
    } catch (err) {
      if (err instanceof CirculationUnreachableError)
        throw new AppError('circulationUnreachable', CirculationErrCode.unreachable);
      throw err;
    }
  }

  /** My Library at a glance (the current loans' states through the institution's provider). */
  async summary(tenantId: number, reader: CirculationReader): Promise<LoanSummary> {
    const provider = await this.providerOf(tenantId);
    let account: AccountState;
    try {
      account = await provider.accountState(tenantId, reader);
    } catch (err) {
      if (err instanceof CirculationUnreachableError)
        throw new AppError('circulationUnreachable', CirculationErrCode.unreachable);
      throw err;
    }
    const states = account.loans;
    const [row, day, unread, ready, points] = await Promise.all([
      findReaderById(this.db, tenantId, reader.id),
      today(this.db),
      countUnreadMessages(this.db, tenantId, reader.id),
      // Requests are OpenFind's own circulation's; over SIP2 the system keeps its holds.
      provider.kind === 'local' ? countReadyRequests(this.db, tenantId, reader.id) : null,
      pointsBalance(this.db, tenantId, reader.id),
    ]);
    const soonUntil = addDays(day, DUE_SOON_DAYS - 1);
    const dues = states.map((l) => l.dueDate).filter(Boolean);
    return {
      name: row?.name ?? '',
      cardNo: row?.cardNo || row?.account || '',
      status: row?.status ?? 'normal',
      validUntil: row?.validUntil ?? null,
      loans: states.length,
      dueSoon: dues.filter((d) => d >= day && d <= soonUntil).length,
      overdue: dues.filter((d) => d < day).length,
      renewable: states.filter((l) => l.renewable).length,
      nextDue: dues.filter((d) => d >= day).reduce<string | null>((a, b) => (a === null || b < a ? b : a), null),
      requestsReady: ready,
      // OpenFind's fines, or the fees the library's system reported with the loans just read.
      fineBalance: account.fineBalance,
      points,
      unreadMessages: unread,
    };
  }

  /** The rules of the reader's loans of loanable copies (none over SIP2: the system keeps them). */
  async loanRules(tenantId: number, readerId: number): Promise<UserLoanRules> {
    const reader = await findReaderById(this.db, tenantId, readerId);
    const readerType = reader?.readerType ?? '';
    if ((await this.providerOf(tenantId)).kind !== 'local') return { readerType, rules: null };
    const { finePerDayCents, maxFineCents, fineLimitCents, ...days } = policyFor(
      await findLoanPolicies(this.db, tenantId),
      readerType,
      LOANABLE_CIRC_ATTR,
    );
    return {
      readerType,
      rules: {
        ...days,
        finePerDay: formatCents(finePerDayCents),
        maxFine: formatCents(maxFineCents),
        fineLimit: formatCents(fineLimitCents),
      },
    };
  }

  /**
   * A take code for the reader to show at the desk (OpenFind's own circulation: the desk lends with
   * it). A library on SIP2 lends in its own system, which knows no such code.
   */
  async takeCode(tenantId: number, readerId: number): Promise<{ code: string; expiresAt: Date }> {
    if ((await this.providerOf(tenantId)).kind !== 'local')
      throw new AppError('takeCodeUnavailable', CirculationErrCode.takeCodeUnavailable);
    return issueReaderCode(this.db, tenantId, readerId, 'take', null);
  }

  /** Renews loans: the real API's `result` map and counts, and each loan's outcome. */
  async renew(
    tenantId: number,
    reader: CirculationReader,
    loanIds: readonly number[],
    lang: Lang,
  ): Promise<RenewResponse> {
    const results = await (await this.providerOf(tenantId)).renew(tenantId, reader, loanIds);
    const outcomes: RenewOutcome[] = results.map((r) =>
      r.renewed
        ? {
            loanId: r.loanId,
            title: r.title,
            renewed: true,
            dueDate: r.dueDate,
            refusal: null,
            reason: '',
            renewableFrom: null,
          }
        : {
            loanId: r.loanId,
            title: r.title,
            renewed: false,
            dueDate: null,
            refusal: r.refusal,
            reason: refusalText(r, lang),
            renewableFrom: r.renewableFrom,
          },
    );
    const result = Object.fromEntries(
      outcomes.map((o) => [`${o.loanId} ${o.title}`.trim(), o.renewed ? o.dueDate! : o.reason]),
    );
    const success = outcomes.filter((o) => o.renewed).length;
    return { result, success, fail: outcomes.length - success, outcomes };
  }
}
