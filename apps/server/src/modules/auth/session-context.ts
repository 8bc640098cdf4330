import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../services.js';
import { AuthErrors } from './auth-errors.js';
import { tokenOf, type Session, type SessionProblem } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified session of the request (tenant-scoped API routes), or null. */
    readerSession: Session | null;
    /** Why a token that came with the request was not accepted. */
    sessionProblem: SessionProblem | null;
  }
}

/**
 * Verifies the session token of every request of this (tenant) scope that carries one. A request
 * without a usable token goes on as anonymous; the calls that need a reader answer 401.
 */
export function registerSessionScope(app: FastifyInstance, services: Services): void {
  app.decorateRequest('readerSession', null);
  app.decorateRequest('sessionProblem', null);
  app.addHook('onRequest', async (req) => {
    const { config } = await services.siteConfig.settings(req.tenant.id);
    const token = tokenOf(req, config.jwtHeader);
    if (!token) return;
    const r = token.length > 4000 ? 'invalid' : await services.auth.sessions.verify(token, req.tenant);
    if (typeof r === 'string') req.sessionProblem = r;
    else req.readerSession = r;
  });
}

/** The logged-in reader's id, or null. */
export function readerIdOf(req: FastifyRequest): number | null {
  return req.readerSession?.readerId ?? null;
}

/** The session of the request, or a 401: "please log in", or "login expired" for a token no longer valid. */
export function requireSession(req: FastifyRequest): Session {
  if (req.readerSession) return req.readerSession;
  throw req.sessionProblem ? AuthErrors.sessionExpired() : AuthErrors.loginRequired();
}

/** The logged-in reader's id, or a 401. */
export function requireReader(req: FastifyRequest): number {
  return requireSession(req).readerId;
}
