import type { Kysely } from 'kysely';
import type {
  Lang,
  LoanListRequest,
  LoanListResponse,
  RenewOutcome,
  RenewRefusal,
  RenewResponse,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { t, type MessageKey } from '../../http/messages.js';
import { LocalCirculation } from './local-provider.js';
import type { CirculationProvider, CirculationReader, RenewResult } from './provider.js';

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
 * A reader's circulation through their institution's provider (OpenFind's own for now; the
 * library's system over SIP2 joins as a provider per institution).
 */
export class CirculationService {
  private readonly local: LocalCirculation;

  constructor(db: Kysely<Database>) {
    this.local = new LocalCirculation(db);
  }

  /** The provider of an institution. */
  providerOf(_tenantId: number): CirculationProvider {
    return this.local;
  }

  async loans(
    tenantId: number,
    reader: CirculationReader,
    q: LoanListRequest,
    current: boolean,
    lang: Lang,
  ): Promise<LoanListResponse> {
    const { total, loans, currentCount } = await this.providerOf(tenantId).loans(tenantId, reader, q, current, lang);
    return { searchResult: loans, numFound: total, loanNum: currentCount };
  }

  /** Renews loans: the real API's `result` map and counts, and each loan's outcome. */
  async renew(
    tenantId: number,
    reader: CirculationReader,
    loanIds: readonly number[],
    lang: Lang,
  ): Promise<RenewResponse> {
    const results = await this.providerOf(tenantId).renew(tenantId, reader, loanIds);
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
