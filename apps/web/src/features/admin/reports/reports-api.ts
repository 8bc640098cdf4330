import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { InputOf, OutputOf, ReportsCalls } from '@openfind/contract';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

export type StatisticsQuery = InputOf<typeof ReportsCalls.reportsStatistics>;
export type AuditQuery = InputOf<typeof ReportsCalls.reportsAudit>;
export type Dashboard = OutputOf<typeof ReportsCalls.reportsDashboard>;
export type Statistics = OutputOf<typeof ReportsCalls.reportsStatistics>;
export type AuditPage = OutputOf<typeof ReportsCalls.reportsAudit>;

/** The query keys of the dashboard, statistics and audit screens. */
export const reportsKeys = {
  all: () => adminKeys.area('reports'),
  dashboard: () => adminKeys.area('reports', 'dashboard'),
  statistics: (q: StatisticsQuery) => adminKeys.area('reports', 'statistics', q),
  audit: (q: AuditQuery) => adminKeys.area('reports', 'audit', q),
};

/** The dashboard's figures; refreshed every five minutes while the screen is open. */
export function useDashboard() {
  return useQuery({
    queryKey: reportsKeys.dashboard(),
    queryFn: () => staffApi.call(Calls.reportsDashboard),
    refetchInterval: 5 * 60_000,
  });
}

export function useStatistics(q: StatisticsQuery) {
  return useQuery({
    queryKey: reportsKeys.statistics(q),
    queryFn: () => staffApi.call(Calls.reportsStatistics, q),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(q: AuditQuery) {
  return useQuery({
    queryKey: reportsKeys.audit(q),
    queryFn: () => staffApi.call(Calls.reportsAudit, q),
    placeholderData: keepPreviousData,
  });
}
