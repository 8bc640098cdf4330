import type { FastifyInstance } from 'fastify';
import { TenantCalls } from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { Errors } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { localName } from '../../lib/localized.js';
import type { Services } from '../../services.js';

/** POST /find/homePage/getGroupCode: the group code and name of the tenant at a mapping path. */
export function registerTenantRoutes(app: FastifyInstance, services: Services): void {
  route(app, TenantCalls.getGroupCode, async (req) => {
    const mappingPath = (req.body.mappingPath ?? '').trim();
    const tenant = await services.tenants.byMappingPath(mappingPath);
    if (!tenant) throw Errors.unknownTenant(mappingPath.slice(0, 64));
    return ok(req.lang, {
      groupCode: tenant.groupCode,
      name: localName(tenant, req.lang),
      label: tenant.label,
      msgFlag: tenant.msgFlag,
      fid: tenant.fid,
    });
  });
}
