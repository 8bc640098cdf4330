import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { DEFAULT_JWT_HEADER } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import { revokeSession, serverSecret, sessionState } from './auth-repository.js';

/** A verified session of a request. */
export interface Session {
  readerId: number;
  tenantId: number;
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  loginType: number;
  /** When the session started, seconds since the epoch. */
  issuedAt: number;
}

/**
 * Where a request's token came from. Only `header` (the jwtHeader header or `Authorization: Bearer`)
 * proves that the caller's own script sent it: a browser adds the `cookie` to any request to this
 * site, even one another site starts, and a `query` token sits in a link anyone can send.
 */
export type TokenSource = 'header' | 'query' | 'cookie';

/** Why a token was not accepted: both answer 401. */
export type SessionProblem = 'expired' | 'invalid';

/** The cookie the session token is also kept in (HttpOnly, SameSite=Lax). */
export const SESSION_COOKIE = 'jwt';

const ALG = 'HS512';

/**
 * Session tokens: HS512 JWTs with the real API's claims (`sub` reader id, `created`, `exp`, `jti`,
 * `groupCode`, `mappingPath`) plus ours (`tid` tenant id, `ver` token version, `lt` login type).
 * A token is accepted only with HS512 and the right key, unexpired, for the request's tenant, with
 * the reader's current token version and an id not revoked by a logout.
 */
export class SessionService {
  private key: Promise<Uint8Array> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: { secret?: string | undefined; hours: number },
  ) {}

  /** The signing key: SESSION_SECRET, or a random one generated once and kept in the database. */
  private signingKey(): Promise<Uint8Array> {
    this.key ??= (async () => {
      const secret =
        this.opts.secret ?? (await serverSecret(this.db, 'session', () => randomBytes(64).toString('base64url')));
      return new TextEncoder().encode(secret);
    })();
    return this.key;
  }

  /** Seconds a new token lasts. */
  get lifetimeSeconds(): number {
    return Math.round(this.opts.hours * 3600);
  }

  async issue(
    tenant: Tenant,
    reader: { id: number; tokenVersion: number },
    loginType: number,
  ): Promise<{ jwt: string; expiresIn: number }> {
    const now = Date.now();
    const jwt = await new SignJWT({
      created: now,
      groupCode: tenant.groupCode,
      mappingPath: tenant.mappingPath,
      tid: tenant.id,
      ver: reader.tokenVersion,
      lt: loginType,
    })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(reader.id))
      .setJti(randomUUID())
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + this.lifetimeSeconds)
      .sign(await this.signingKey());
    return { jwt, expiresIn: this.lifetimeSeconds };
  }

  /** The session of `token` for `tenant`, or why there is none. */
  async verify(token: string, tenant: Tenant): Promise<Session | SessionProblem> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, await this.signingKey(), { algorithms: [ALG], typ: 'JWT' }));
    } catch (err) {
      return err instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
    const readerId = Number(payload.sub);
    if (
      !Number.isInteger(readerId) ||
      typeof payload.jti !== 'string' ||
      typeof payload.exp !== 'number' ||
      payload.tid !== tenant.id ||
      payload.groupCode !== tenant.groupCode ||
      payload.mappingPath !== tenant.mappingPath
    ) {
      return 'invalid';
    }
    const state = await sessionState(this.db, tenant.id, readerId, payload.jti);
    if (!state) return 'invalid';
    if (state.revoked || state.tokenVersion !== payload.ver) return 'expired';
    return {
      readerId,
      tenantId: tenant.id,
      jti: payload.jti,
      exp: payload.exp,
      loginType: typeof payload.lt === 'number' ? payload.lt : 1,
      issuedAt: typeof payload.iat === 'number' ? payload.iat : 0,
    };
  }

  /**
   * A short-lived signed ticket carrying an outside identity through the browser (CAS user not yet
   * bound, a WeChat openId): the client cannot make one up or change it.
   */
  async signTicket(tenant: Tenant, provider: string, externalId: string, seconds = 900): Promise<string> {
    return new SignJWT({ tid: tenant.id, prv: provider })
      .setProtectedHeader({ alg: ALG, typ: 'bind+jwt' })
      .setSubject(externalId)
      .setAudience('openfind-bind')
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
      .sign(await this.signingKey());
  }

  /** The provider and outside id of a ticket of this tenant, or undefined. */
  async readTicket(tenant: Tenant, ticket: string): Promise<{ provider: string; externalId: string } | undefined> {
    try {
      const { payload } = await jwtVerify(ticket, await this.signingKey(), {
        algorithms: [ALG],
        audience: 'openfind-bind',
        typ: 'bind+jwt',
      });
      if (payload.tid !== tenant.id || typeof payload.prv !== 'string' || !payload.sub) return undefined;
      return { provider: payload.prv, externalId: payload.sub };
    } catch {
      return undefined;
    }
  }

  /** Ends one session (logout): its token id is refused until it would have expired anyway. */
  async revoke(session: Session): Promise<void> {
    await revokeSession(this.db, session.tenantId, session.jti, new Date(session.exp * 1000));
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  const s = Array.isArray(v) ? v[0] : v;
  return s?.trim() || undefined;
}

/**
 * The session token of a request, where real clients put it, and where it came from: the header
 * named by the institution's `jwtHeader` (or the default jwtOpacAuth), `Authorization: Bearer`,
 * `?jwt=` on /oga/userinfo (single-sign-on redirects), or the `jwt` cookie.
 */
export function tokenOf(req: FastifyRequest, jwtHeader: string): { token: string; source: TokenSource } | undefined {
  const bearer = header(req, 'authorization');
  const fromHeader =
    header(req, jwtHeader) ??
    (jwtHeader !== DEFAULT_JWT_HEADER ? header(req, DEFAULT_JWT_HEADER) : undefined) ??
    (bearer?.toLowerCase().startsWith('bearer ') ? bearer.slice(7).trim() : undefined);
  if (fromHeader) return { token: fromHeader, source: 'header' };
  const fromQuery = req.url.startsWith('/oga/userinfo') ? (req.query as { jwt?: unknown } | undefined)?.jwt : undefined;
  if (typeof fromQuery === 'string' && fromQuery) return { token: fromQuery, source: 'query' };
  const fromCookie = req.cookies[SESSION_COOKIE];
  return fromCookie ? { token: fromCookie, source: 'cookie' } : undefined;
}

/** Keeps the token in the HttpOnly cookie too (browsers send it with every call). */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, jwt: string, maxAge: number): void {
  reply.setCookie(SESSION_COOKIE, jwt, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
