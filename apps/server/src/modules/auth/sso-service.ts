import type { Kysely } from 'kysely';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { LoginType, type LoginResult, type SiteConfig } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import { findReaderById, findReaderByLogin } from '../readers/reader-repository.js';
import type { AuthService } from './auth-service.js';
import { AuthErrors } from './auth-errors.js';
import {
  bindIdentity,
  readerOfIdentity,
  setTenantSecret,
  tenantSecret,
  type IdentityProvider,
} from './auth-repository.js';
import type { SessionService } from './sessions.js';

/** The name of the institution secret that verifies external JWTs (`openfind config secret`). */
export const EXTERNAL_JWT_KEY = 'externalJwtKey';

/** Where a single-sign-on arrival goes: a session, or a ticket to bind the outside identity first. */
export type SsoOutcome = { kind: 'session'; result: LoginResult } | { kind: 'bind'; uid: string };

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The user of a CAS serviceValidate answer (2.0 or 3.0 XML), or null for a failure. */
export function casUserOf(xml: string): string | null {
  if (!/<cas:authenticationSuccess\b/.test(xml)) return null;
  const m = /<cas:user>\s*([^<]+?)\s*<\/cas:user>/.exec(xml);
  return m ? m[1]!.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => XML_ENTITIES[e]!) : null;
}

/**
 * Unified authentication: a CAS 2.0/3.0 client (login redirect, service-ticket validation) and the
 * external-JWT entry. An outside identity finds its reader through an earlier binding, else a
 * reader whose account or card number is the outside user name; an unknown one gets a signed
 * ticket (`uid`) that the bind-uid screen sends with a password login to bind it.
 */
export class SsoService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessions: SessionService,
    private readonly auth: AuthService,
  ) {}

  /** The CAS server of the institution, or '' when unified authentication is off or not configured. */
  casServer(config: SiteConfig): string {
    if (config.unifieAuthen !== '1') return '';
    return (config.casServerUrl || config.unifieAuthenLoginUrl.replace(/\/login\/?(\?.*)?$/, '')).replace(/\/$/, '');
  }

  casLoginUrl(config: SiteConfig, service: string): string {
    const base = config.unifieAuthenLoginUrl || `${this.casServer(config)}/login`;
    return `${base}${base.includes('?') ? '&' : '?'}service=${encodeURIComponent(service)}`;
  }

  /** Validates a service ticket at the CAS server; the CAS user name, or null. */
  async casValidate(config: SiteConfig, ticket: string, service: string): Promise<string | null> {
    const path = config.casVersion === '2' ? '/serviceValidate' : '/p3/serviceValidate';
    const url = `${this.casServer(config)}${path}?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service)}`;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      return res.ok ? casUserOf(await res.text()) : null;
    } catch {
      return null;
    }
  }

  /**
   * The session of an outside identity, or a ticket to bind it. A CAS or external user name that
   * is a reader's account or card number is that reader; a WeChat openId needs a binding.
   */
  async arrive(
    tenant: Tenant,
    config: SiteConfig,
    provider: IdentityProvider,
    externalId: string,
  ): Promise<SsoOutcome> {
    const bound = await readerOfIdentity(this.db, tenant.id, provider, externalId);
    const reader = bound
      ? await findReaderById(this.db, tenant.id, bound)
      : provider === 'wechat'
        ? undefined
        : await findReaderByLogin(this.db, tenant.id, externalId);
    if (!reader) return { kind: 'bind', uid: await this.sessions.signTicket(tenant, provider, externalId) };
    const loginType = provider === 'cas' || provider === 'external' ? LoginType.unified : LoginType.normal;
    return { kind: 'session', result: await this.auth.startSession(tenant, config, reader, loginType) };
  }

  /**
   * The WeChat code callback: the configured auth service turns the code into an openId (GET
   * `weixinAuthUrl?code=`, JSON with `openId`/`openid`, possibly under `data`).
   */
  async wechat(tenant: Tenant, config: SiteConfig, code: string): Promise<SsoOutcome> {
    if (config.weixinLogin !== '1' || !config.weixinAuthUrl || !code) throw AuthErrors.wechatFailed();
    const url = `${config.weixinAuthUrl}${config.weixinAuthUrl.includes('?') ? '&' : '?'}code=${encodeURIComponent(code)}`;
    let openId: unknown;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const body = (await res.json()) as Record<string, unknown> & { data?: Record<string, unknown> };
      openId = body.openId ?? body.openid ?? body.data?.openId ?? body.data?.openid;
    } catch {
      openId = undefined;
    }
    if (typeof openId !== 'string' || !openId || openId.length > 200) throw AuthErrors.wechatFailed();
    return this.arrive(tenant, config, 'wechat', openId);
  }

  /**
   * The external-JWT entry: a token signed (HS256/384/512) with the institution's external key,
   * unexpired, whose `sub` is the reader's account or card number (and whose `groupCode`, when
   * present, is this institution's).
   */
  async loginExternal(tenant: Tenant, config: SiteConfig, token: string): Promise<LoginResult> {
    const key = config.exterSinAuthen === '1' ? await tenantSecret(this.db, tenant.id, EXTERNAL_JWT_KEY) : undefined;
    if (!key) throw AuthErrors.sessionExpired();
    let sub: string | undefined;
    try {
      decodeProtectedHeader(token);
      const { payload } = await jwtVerify(token, new TextEncoder().encode(key), {
        algorithms: ['HS256', 'HS384', 'HS512'],
        requiredClaims: ['exp', 'sub'],
      });
      if (payload.groupCode !== undefined && payload.groupCode !== tenant.groupCode) throw new Error('other tenant');
      sub = payload.sub;
    } catch {
      throw AuthErrors.sessionExpired();
    }
    const outcome = await this.arrive(tenant, config, 'external', sub!);
    if (outcome.kind !== 'session') throw AuthErrors.badCredentials();
    return outcome.result;
  }

  /** Stores the institution's external key (`openfind config secret`), which the external-JWT entry verifies with. */
  async setExternalKey(tenantId: number, key: string): Promise<void> {
    await setTenantSecret(this.db, tenantId, EXTERNAL_JWT_KEY, key);
  }

  /** Binds the identity of a bind ticket to the reader; false when the ticket is not valid here. */
  async bindTicket(tenant: Tenant, ticket: string, readerId: number): Promise<boolean> {
    const t = await this.sessions.readTicket(tenant, ticket);
    if (!t) return false;
    await bindIdentity(this.db, tenant.id, t.provider as IdentityProvider, t.externalId, readerId);
    return true;
  }
}
