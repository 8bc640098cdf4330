import type { Sip2Holds } from './sip2-holds.js';
import type { Lang, LoanListRequest, ReaderLoan, RenewRefusal } from '@openfind/contract';

/** The reader whose circulation is asked for (the logged-in reader, read afresh). */
export interface CirculationReader {
  id: number;
  cardNo: string;
  account: string;
}

/** Requests kept by the library's own system: place, list and cancel there. */
export type ExternalHolds = Pick<Sip2Holds, 'place' | 'list' | 'cancel'>;

/** The reader's account at a glance, as one provider read gives it. */
export interface AccountState {
  /** Each current loan's due date and whether a renewal would be accepted now. */
  loans: Array<{ dueDate: string; renewable: boolean }>;
  /** What the reader owes in yuan ("1.20"), as far as the provider knows; null when it cannot say. */
  fineBalance: string | null;
}

/** One loan's renewal: the new due date, or why not (`detail`: the library system's own text). */
export type RenewResult =
  | { loanId: number; title: string; renewed: true; dueDate: string }
  | {
      loanId: number;
      title: string;
      renewed: false;
      refusal: RenewRefusal;
      renewableFrom: string | null;
      detail?: string;
    };

/**
 * Where an institution's circulation lives: OpenFind's own (`local`), or the library's system (over
 * SIP2, to come). Each operation answers for the given reader only; what a provider cannot do it
 * says in `capabilities`.
 */
export interface CirculationProvider {
  readonly kind: 'local' | 'sip2';
  readonly capabilities: { loanHistory: boolean; renew: boolean };
  /** Current loans (`current`) or the loan history, a page of them, with the reader's count of current loans. */
  loans(
    tenantId: number,
    reader: CirculationReader,
    q: LoanListRequest,
    current: boolean,
    lang: Lang,
  ): Promise<{ total: number; loans: ReaderLoan[]; currentCount: number }>;
  /**
   * The reader's requests when the provider's system keeps them (SIP2 holds); null when OpenFind's
   * own requests are the institution's (the local provider).
   */
  readonly holds: ExternalHolds | null;
  /** What My Library's summary needs, read once: the current loans' states and the fine balance. */
  accountState(tenantId: number, reader: CirculationReader): Promise<AccountState>;
  /** Renews each of `loanIds` that can be, one result per id in the order asked. */
  renew(tenantId: number, reader: CirculationReader, loanIds: readonly number[]): Promise<RenewResult[]>;
}
