import type { Kysely } from 'kysely';
import {
  DASHBOARD_DAYS,
  DASHBOARD_ZERO_SEARCHES,
  MAX_STATS_DAYS_BY_DAY,
  MAX_STATS_DAYS_BY_MONTH,
  ReportsErrCode,
  type AuditPage,
  type AuditQuery,
  type Dashboard,
  type DashboardTotals,
  type Statistics,
  type StatisticsPeriod,
  type StatisticsQuery,
  type StatsGrouping,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { today } from '../circulation/circulation-repository.js';
import { ResultCache } from '../search/result-cache.js';
import {
  findAuditActions,
  findAuditPage,
  findDailyCounters,
  findLoanClasses,
  findReaderGroups,
  findRecordClasses,
  findWaiting,
  findZeroSearches,
  type DailyMetric,
} from './reports-repository.js';

/** Groups of readers the statistics list at most (departments can be many). */
const MAX_READER_GROUPS = 100;

/** Which figure of a period each daily counter is. */
const METRIC_FIELDS: Record<DailyMetric, 'searches' | 'zeroResults' | 'logins' | 'renewals' | 'loans' | 'returns'> = {
  search: 'searches',
  zero_result: 'zeroResults',
  login: 'logins',
  renewal: 'renewals',
  loan: 'loans',
  return: 'returns',
};

/**
 * The staff console's reports (issue 28): the dashboard, the statistics of a period and the audit
 * log, for the institution of the acting staff account. They only read; the daily figures come from
 * the rollups the database keeps (migrations 0034 and 0042), so the dashboard's cost does not grow with the
 * search log.
 */
export class ReportsService {
  /**
   * The records by class, per institution: counting them reads every record (about a second for a
   * million), and the collection changes with imports, not by the minute.
   */
  private readonly recordClasses: ResultCache<Array<{ key: string; n: number }>>;

  constructor(
    private readonly db: Kysely<Database>,
    /** How long the records by class are kept (0: counted at every call). */
    recordClassesMs = 0,
  ) {
    this.recordClasses = new ResultCache(recordClassesMs, 1000);
  }

  /** Today and the last 30 days: the figures per day, the zero-result searches, what waits. */
  async dashboard(tenantId: number): Promise<Dashboard> {
    const to = await today(this.db);
    const from = addDays(to, -(DASHBOARD_DAYS - 1));
    const [periods, zeroSearches, waiting] = await Promise.all([
      this.periods(tenantId, from, to, 'day'),
      findZeroSearches(this.db, tenantId, from, to, DASHBOARD_ZERO_SEARCHES),
      findWaiting(this.db, tenantId),
    ]);
    const days = periods.map(({ period, searches, zeroResults, logins, loans, renewals }) => ({
      day: period,
      searches,
      zeroResults,
      logins,
      loans,
      renewals,
    }));
    const sum = (rows: typeof days): DashboardTotals => {
      const total = { searches: 0, zeroResults: 0, logins: 0, loans: 0, renewals: 0 };
      for (const d of rows) for (const k of Object.keys(total) as Array<keyof DashboardTotals>) total[k] += d[k];
      return total;
    };
    return {
      today: to,
      todayTotals: sum(days.slice(-1)),
      periodTotals: sum(days),
      days,
      zeroSearches,
      waiting,
    };
  }

  /**
   * The statistics of a period (by default the last 30 days by day, or the last twelve months by
   * month): activity per period, readers by department and type, records and the period's loans by
   * class. A period that ends before it starts, or is longer than its grouping allows, is refused.
   */
  async statistics(tenantId: number, q: StatisticsQuery): Promise<Statistics> {
    const to = q.to || (await today(this.db));
    const from =
      q.from || (q.by === 'day' ? addDays(to, -(DASHBOARD_DAYS - 1)) : `${addMonths(to.slice(0, 7), -11)}-01`);
    const limit = q.by === 'day' ? MAX_STATS_DAYS_BY_DAY : MAX_STATS_DAYS_BY_MONTH;
    const span = daysBetween(from, to);
    if (!(span >= 0 && span < limit)) throw new AppError('reportsBadPeriod', ReportsErrCode.badPeriod, { days: limit });
    const [periods, readersByDepartment, readersByType, recordsByClass, loansByClass] = await Promise.all([
      this.periods(tenantId, from, to, q.by),
      findReaderGroups(this.db, tenantId, 'department', MAX_READER_GROUPS),
      findReaderGroups(this.db, tenantId, 'reader_type', MAX_READER_GROUPS),
      this.recordClasses.get(String(tenantId), () => findRecordClasses(this.db, tenantId)),
      findLoanClasses(this.db, tenantId, from, to),
    ]);
    return { from, to, by: q.by, periods, readersByDepartment, readersByType, recordsByClass, loansByClass };
  }

  /** One page of the institution's audit log, newest first, with the actions it holds (for the filter). */
  async audit(tenantId: number, q: AuditQuery): Promise<AuditPage> {
    const filter = {
      actor: q.actor?.trim() ?? '',
      action: q.action?.trim() ?? '',
      target: q.target?.trim() ?? '',
      from: q.from,
      to: q.to,
    };
    const [page, actions] = await Promise.all([
      findAuditPage(this.db, tenantId, filter, (q.page - 1) * q.rows, q.rows),
      findAuditActions(this.db, tenantId),
    ]);
    return {
      totalCount: page.total,
      list: page.rows.map((r) => ({ ...r, at: r.at.toISOString() })),
      actions,
    };
  }

  /** Every period from `from` to `to` with its figures, oldest first (periods without activity as zeros). */
  private async periods(tenantId: number, from: string, to: string, by: StatsGrouping): Promise<StatisticsPeriod[]> {
    const counters = await findDailyCounters(this.db, tenantId, from, to, by);
    const rows = new Map<string, StatisticsPeriod>(
      periodKeys(from, to, by).map((period) => [
        period,
        { period, searches: 0, zeroResults: 0, logins: 0, loans: 0, renewals: 0, returns: 0 },
      ]),
    );
    for (const c of counters) {
      const row = rows.get(c.period);
      if (row) row[METRIC_FIELDS[c.metric]] = c.n;
    }
    return [...rows.values()];
  }
}

const DAY_MS = 86_400_000;

/** YYYY-MM-DD `n` days after `ymd`. */
export function addDays(ymd: string, n: number): string {
  return new Date(Date.parse(`${ymd}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** YYYY-MM `n` months after `ym` (YYYY-MM). */
function addMonths(ym: string, n: number): string {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** Days from `from` to `to` (negative when `to` is earlier; NaN for a date that is not one). */
function daysBetween(from: string, to: string): number {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  // Date.parse takes 2026-02-30 as March 2nd: a date must read back as it was written.
  if (new Date(a).toISOString().slice(0, 10) !== from || new Date(b).toISOString().slice(0, 10) !== to) return NaN;
  return Math.round((b - a) / DAY_MS);
}

/** The periods' names from `from` to `to`: every day, or every month. */
function periodKeys(from: string, to: string, by: StatsGrouping): string[] {
  const keys: string[] = [];
  if (by === 'day') for (let d = from; d <= to; d = addDays(d, 1)) keys.push(d);
  else for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = addMonths(m, 1)) keys.push(m);
  return keys;
}
