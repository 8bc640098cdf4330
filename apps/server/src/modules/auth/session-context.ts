import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../services.js';
import type { Reader } from '../readers/reader-repository.js';
import { checkStaffAccess, decorateStaffSession, verifyStaffToken } from '../staff/staff-context.js';
import { AuthErrors } from './auth-errors.js';
import { requestSite } from './request-site.js';
import type { ReaderAction } from './reader-standing.js';
import { tokenOf, type Session, type SessionProblem, type TokenSource } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified session of the request (tenant-scoped API routes), or null. */
    readerSession: Session | null;
    /** Why a token that came with the request was not accepted. */
    sessionProblem: SessionProblem | null;
    /** Where the request's token came from (header, query or cookie), or null without one. */
    tokenSource: TokenSource | null;
  }
  interface FastifyContextConfig {
    /**
     * A GET that changes something (the real clients' GET forms of binding calls): accepted only
     * with the token in a header, never with the cookie or `?jwt=` alone, which a link or an image
     * on another site would send too.
     */
    changesState?: boolean;
  }
}

/** Methods that change nothing, unless a route says otherwise (`config.changesState`). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one rule against cross-site requests (CSRF) of the tenant-scoped API, before any route runs:
 * - a POST (any unsafe method) that another site's page sends is refused, whoever it is for: the web
 *   app calls from its own pages, other clients are not browsers and send no Origin. This covers
 *   login (another site cannot log the reader into its own account) and logout;
 * - a POST authenticated by the cookie alone must also say it comes from this site (a request that
 *   tells nothing may not use the cookie);
 * - a GET that changes something (`config.changesState`) must carry the token in a header.
 * Refusals are 403 with a translated message, not a login prompt: logging in would not help.
 */
function refuseCrossSite(req: FastifyRequest): void {
  if (SAFE_METHODS.has(req.method)) {
    if (req.routeOptions.config.changesState && req.tokenSource !== null && req.tokenSource !== 'header') {
      throw AuthErrors.crossSiteRefused();
    }
    return;
  }
  const site = requestSite(req);
  if (site === 'cross' || (site === 'unknown' && req.tokenSource === 'cookie')) throw AuthErrors.crossSiteRefused();
}

/**
 * Verifies the session token of every request of this (tenant) scope that carries one. A request
 * without a usable token goes on as anonymous; the calls that need a reader answer 401. Cross-site
 * requests are refused first (`refuseCrossSite`).
 */
export function registerSessionScope(app: FastifyInstance, services: Services): void {
  app.decorateRequest('readerSession', null);
  app.decorateRequest('sessionProblem', null);
  app.decorateRequest('tokenSource', null);
  decorateStaffSession(app);
  app.addHook('onRequest', async (req) => {
    const { config } = await services.siteConfig.settings(req.tenant.id);
    const found = tokenOf(req, config.jwtHeader);
    req.tokenSource = found?.source ?? null;
    refuseCrossSite(req);
    if (found) {
      const r = found.token.length > 4000 ? 'invalid' : await services.auth.sessions.verify(found.token, req.tenant);
      if (typeof r === 'string') req.sessionProblem = r;
      else req.readerSession = r;
    }
    // A staff token (X-Staff-Token) is a session of its own kind, never a reader's.
    await verifyStaffToken(req, services);
    checkAccess(req);
  });
}

/**
 * The contract entry's `access`, before the body is read: a reader's call without a session is a
 * 401 whatever it sends; a staff or administrator call needs a staff session of the institution (an
 * operator's of any) and the role (staff-context.ts `checkStaffAccess`): a reader's session is 403.
 */
function checkAccess(req: FastifyRequest): void {
  const access = req.routeOptions.config.access;
  if (access === 'reader') requireSession(req);
  else if (access === 'staff' || access === 'admin') checkStaffAccess(req, access);
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

/**
 * The logged-in reader, read afresh, if their account allows `action` (spec §6: frozen readers
 * cannot…; a lost card stops them too): a 401 without a session, otherwise the translated refusal
 * for a frozen account or a lost card. Every reader action the spec restricts goes through here.
 */
export async function requireActiveReader(
  req: FastifyRequest,
  services: Services,
  action: ReaderAction,
): Promise<Reader> {
  return services.accounts.requireActive(requireSession(req), action);
}
