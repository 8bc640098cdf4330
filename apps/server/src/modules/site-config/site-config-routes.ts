import type { FastifyInstance } from 'fastify';
import { SiteConfigCalls } from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { localName } from '../../lib/localized.js';
import type { Services } from '../../services.js';

/** Site configuration, menus, logo and institution parameters of the request's tenant. */
export function registerSiteConfigRoutes(app: FastifyInstance, services: Services): void {
  const settings = (tenantId: number) => services.siteConfig.settings(tenantId);

  route(app, SiteConfigCalls.getFindConfig, async (req) => ok(req.lang, (await settings(req.tenant.id)).config));

  route(app, SiteConfigCalls.getMenuList, async (req) => ok(req.lang, (await settings(req.tenant.id)).menus));

  for (const call of [SiteConfigCalls.getLogoUrl, SiteConfigCalls.getLogoPara]) {
    route(app, call, async (req) => {
      const { config } = await settings(req.tenant.id);
      return ok(req.lang, {
        pcLogoUrl: config.pcLogoUrl,
        iconUrl: config.iconUrl,
        logoLinkUrl: config.logoLinkUrl,
        jumpMode: /^https?:\/\//.test(config.logoLinkUrl) ? '2' : '1',
        name: localName(req.tenant, req.lang),
      });
    });
  }

  route(app, SiteConfigCalls.institutionGet, async (req) => ok(req.lang, (await settings(req.tenant.id)).params));

  route(app, SiteConfigCalls.institutionGetByParaCode, async (req) => {
    const { params } = await settings(req.tenant.id);
    return ok(req.lang, { paraCode: req.query.paraCode, paraValue: params[req.query.paraCode] });
  });
}
