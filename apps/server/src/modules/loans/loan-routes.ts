import type { FastifyInstance } from 'fastify';
import {
  ApiPath,
  HotLoanRequest,
  HotLoanResponse,
  LoanAnalysis,
  NearTenYearLoan,
  RecordIdQuery,
  apiResponse,
} from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';

/** Circulation figures: hot borrowing, a record's loan chart and loan analysis. */
export function registerLoanRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const loans = services.loans;

  r.post(
    ApiPath.getHotLoan,
    {
      schema: {
        tags: ['lists'],
        summary: 'Hot borrowing: records by loans (or loans per copy) in the last 7, 30, 90 or 365 days',
        body: HotLoanRequest,
        response: { 200: apiResponse(HotLoanResponse) },
      },
    },
    async (req) => ok(req.lang, await loans.hotLoans(req.tenant.id, req.body)),
  );

  r.get(
    ApiPath.getNearTenYearLoan,
    {
      schema: {
        tags: ['record'],
        summary: 'Loans of a record in each of the last ten years',
        querystring: RecordIdQuery,
        response: { 200: apiResponse(NearTenYearLoan) },
      },
    },
    async (req) => ok(req.lang, await loans.tenYears(req.tenant.id, req.query.recordId)),
  );

  r.get(
    ApiPath.getLoanAnalysis,
    {
      schema: {
        tags: ['record'],
        summary: 'Loan analysis of a record: totals, loans per copy, loan length, the last twelve months',
        querystring: RecordIdQuery,
        response: { 200: apiResponse(LoanAnalysis) },
      },
    },
    async (req) => ok(req.lang, await loans.analysis(req.tenant.id, req.query.recordId)),
  );
}
