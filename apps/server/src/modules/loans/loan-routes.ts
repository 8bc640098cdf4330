import type { FastifyInstance } from 'fastify';
import { LoanCalls } from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';

/** Circulation figures: hot borrowing, a record's loan chart and loan analysis. */
export function registerLoanRoutes(app: FastifyInstance, services: Services): void {
  const loans = services.loans;

  route(app, LoanCalls.getHotLoan, async (req) => ok(req.lang, await loans.hotLoans(req.tenant.id, req.body)));

  route(app, LoanCalls.getNearTenYearLoan, async (req) =>
    ok(req.lang, await loans.tenYears(req.tenant.id, req.query.recordId)),
  );

  route(app, LoanCalls.getLoanAnalysis, async (req) =>
    ok(req.lang, await loans.analysis(req.tenant.id, req.query.recordId)),
  );
}
