import type { FastifyInstance } from 'fastify';
import { SITE_ASSET_MAX_BYTES, SiteAdminCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { readLimited } from '../../http/raw-body.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from '../staff/staff-context.js';
import { SiteAdminErrors } from './site-admin-service.js';

/**
 * What an upload may declare as its body: any image type or plain bytes. The declaration is not
 * trusted (the content decides), so an SVG sent as image/svg+xml gets the translated "PNG, JPEG or
 * WebP only", not a bare 415.
 */
const UPLOAD_TYPES = /^(?:image\/[\w.+-]+|application\/octet-stream)(?:;|$)/i;

/**
 * The site configuration screen (issue 28, administrators): thin, each the SiteAdmin service's work
 * for the acting account. The session scope has checked the staff session, its institution and role
 * before the body is read.
 */
export function registerSiteAdminRoutes(app: FastifyInstance, services: Services): void {
  const { siteAdmin } = services;

  route(app, SiteAdminCalls.siteAdminSettings, async (req) => {
    requireStaff(req);
    return ok(req.lang, await siteAdmin.settings(req.tenant));
  });

  route(app, SiteAdminCalls.siteAdminSaveSection, async (req) =>
    okSaying(req.lang, await siteAdmin.saveSection(requireStaff(req), req.body, req.ip), 'siteAdminSaved'),
  );

  route(app, SiteAdminCalls.siteAdminSaveMenu, async (req) =>
    okSaying(req.lang, await siteAdmin.saveMenu(requireStaff(req), req.body, req.ip), 'siteAdminMenuSaved'),
  );

  // The upload's body is the image itself, read by a parser of its own scope (the JSON routes keep
  // theirs); the scope's tenant, session and access hooks run first, before a byte is read.
  void app.register(async (scope) => {
    scope.addContentTypeParser(UPLOAD_TYPES, (req, payload, done) => {
      readLimited(req, payload, SITE_ASSET_MAX_BYTES, SiteAdminErrors.imageTooLarge).then(
        (body) => done(null, body),
        (err: Error) => done(err),
      );
    });
    route(scope, SiteAdminCalls.siteAdminUpload, async (req) => {
      const actor = requireStaff(req);
      const body: unknown = req.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      return okSaying(req.lang, await siteAdmin.upload(actor, req.tenant, bytes, req.ip), 'siteAdminUploaded');
    });
  });
}

/**
 * `GET /find/site/asset?mappingPath=&name=`: an uploaded image of an institution. Outside the tenant
 * scope (an `<img>` sends no API headers): the institution comes from the address. The bytes behind an
 * address never change (its name is their hash): cached publicly for a year.
 */
export function registerSiteAssetRoute(app: FastifyInstance, services: Services): void {
  route(app, SiteAdminCalls.siteAsset, async (req, reply) => {
    const tenant = await services.tenants.byMappingPath(req.query.mappingPath.trim());
    const asset = tenant ? await services.siteAdmin.asset(tenant.id, req.query.name) : undefined;
    if (!asset) {
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');
    }
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', asset.etag)
      .header('last-modified', asset.createdAt.toUTCString())
      .header('cross-origin-resource-policy', 'same-site')
      .header('content-disposition', 'inline');
    if (req.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    return reply.type(asset.contentType).send(asset.image);
  });
}
