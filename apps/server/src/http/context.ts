import type { FastifyInstance, FastifyRequest } from 'fastify';
import { langFromHeaders, type Lang } from '@openfind/contract';
import { Errors } from './errors.js';
import type { Tenant } from '../modules/tenants/tenant-repository.js';
import type { Services } from '../services.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language, from `content-language` / `x-lang`. */
    lang: Lang;
    /** The tenant resolved from the `mappingPath` header (API routes only). */
    tenant: Tenant;
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** Sets `request.lang` on every request. */
export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('lang', 'zh-CN');
  app.addHook('onRequest', async (req) => {
    req.lang = langFromHeaders(header(req, 'content-language'), header(req, 'x-lang'));
  });
}

/**
 * Resolves `request.tenant` for the API routes of this plugin scope: `mappingPath` names the
 * tenant ('' or absent = default); a `groupCode` header, when sent, must be that tenant's.
 */
export function registerTenantScope(app: FastifyInstance, services: Services): void {
  app.decorateRequest('tenant', null as unknown as Tenant);
  app.addHook('onRequest', async (req) => {
    const mappingPath = decodeHeader(header(req, 'mappingPath') ?? '').trim();
    const tenant = await services.tenants.byMappingPath(mappingPath);
    if (!tenant) throw Errors.unknownTenant(mappingPath.slice(0, 64));
    const groupCode = (header(req, 'groupCode') ?? '').trim();
    if (groupCode && groupCode !== tenant.groupCode) throw Errors.groupCodeMismatch();
    req.tenant = tenant;
    const { config } = await services.siteConfig.settings(tenant.id);
    if (config.refererGate === '1' && !req.headers.referer) throw Errors.accessInterrupted();
  });
}

function decodeHeader(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}
