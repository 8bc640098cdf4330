import type { FastifyInstance } from 'fastify';
import {
  ApiPath,
  InstitutionParamQuery,
  InstitutionParams,
  LogoInfo,
  MenuList,
  PublicSiteConfig,
  apiResponse,
} from '@openfind/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { zodApp } from '../../http/route-types.js';
import { localName } from '../../lib/localized.js';
import type { Services } from '../../services.js';

/** Site configuration, menus, logo and institution parameters of the request's tenant. */
export function registerSiteConfigRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['config'];

  r.get(
    ApiPath.getFindConfig,
    { schema: { tags, summary: 'Site configuration', response: { 200: apiResponse(PublicSiteConfig) } } },
    async (req) => ok(req.lang, (await services.siteConfig.settings(req.tenant.id)).config),
  );

  r.get(
    ApiPath.getMenuList,
    {
      schema: {
        tags,
        summary: 'Header menus (menuA) and further menu slots',
        response: { 200: apiResponse(MenuList) },
      },
    },
    async (req) => ok(req.lang, (await services.siteConfig.settings(req.tenant.id)).menus),
  );

  const logo = async (tenantId: number, name: string) => {
    const { config } = await services.siteConfig.settings(tenantId);
    return {
      pcLogoUrl: config.pcLogoUrl,
      iconUrl: config.iconUrl,
      logoLinkUrl: config.logoLinkUrl,
      jumpMode: /^https?:\/\//.test(config.logoLinkUrl) ? '2' : '1',
      name,
    };
  };
  for (const path of [ApiPath.getLogoUrl, ApiPath.getLogoPara]) {
    r.get(
      path,
      {
        schema: {
          tags,
          summary: 'Logo, icon and where a click on the logo goes',
          response: { 200: apiResponse(LogoInfo) },
        },
      },
      async (req) => ok(req.lang, await logo(req.tenant.id, localName(req.tenant, req.lang))),
    );
  }

  r.get(
    ApiPath.institutionGet,
    { schema: { tags, summary: 'Institution parameters', response: { 200: apiResponse(InstitutionParams) } } },
    async (req) => ok(req.lang, (await services.siteConfig.settings(req.tenant.id)).params),
  );

  r.get(
    ApiPath.institutionGetByParaCode,
    {
      schema: {
        tags,
        summary: 'One institution parameter',
        querystring: InstitutionParamQuery,
        response: { 200: apiResponse(z.object({ paraCode: z.string(), paraValue: z.string() })) },
      },
    },
    async (req) => {
      const { params } = await services.siteConfig.settings(req.tenant.id);
      return ok(req.lang, { paraCode: req.query.paraCode, paraValue: params[req.query.paraCode] });
    },
  );
}
