import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES, PersonalInfoCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { readLimited } from '../../http/raw-body.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireSession } from '../auth/session-context.js';
import { PersonalInfoErrors } from './personal-info-service.js';

/**
 * What an avatar upload may declare as its body: the image types and plain bytes. The declaration is
 * not trusted (the content decides), so any image type is read and then judged by its bytes: a GIF
 * sent as image/gif gets the translated "JPEG or PNG only", not a bare 415.
 */
const UPLOAD_TYPES = /^(?:image\/[\w.+-]+|application\/octet-stream)(?:;|$)/i;

/**
 * My Library's personal information (key 1): `/find/userInfo/personalInfo`, `updatePersonalInfo`,
 * `uploadAvatar`, `deleteAvatar` in the tenant scope (session, cross-site rule); the avatar image
 * itself outside it (`registerAvatarImageRoute`), since an `<img>` sends no API headers.
 */
export function registerPersonalInfoRoutes(app: FastifyInstance, services: Services): void {
  const { personalInfo } = services;

  route(app, PersonalInfoCalls.personalInfo, async (req) =>
    ok(req.lang, await personalInfo.get(req.tenant, requireSession(req), req.lang)),
  );

  route(app, PersonalInfoCalls.updatePersonalInfo, async (req) =>
    okSaying(req.lang, await personalInfo.update(req.tenant, requireSession(req), req.body, req.lang), 'infoSaved'),
  );

  route(app, PersonalInfoCalls.deleteAvatar, async (req) =>
    okSaying(req.lang, await personalInfo.deleteAvatar(req.tenant, requireSession(req)), 'avatarDeleted'),
  );

  // The upload's body is the image itself, read by a parser of its own scope (the JSON routes keep theirs);
  // the tenant, session, cross-site and access hooks of the scope above run first, before a byte is read.
  void app.register(async (scope) => {
    scope.addContentTypeParser(UPLOAD_TYPES, (req, payload, done) => {
      readLimited(req, payload, AVATAR_MAX_BYTES, PersonalInfoErrors.avatarTooLarge).then(
        (body) => done(null, body),
        (err: Error) => done(err),
      );
    });
    route(scope, PersonalInfoCalls.uploadAvatar, async (req) => {
      const session = requireSession(req);
      const body: unknown = req.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      return okSaying(req.lang, await personalInfo.uploadAvatar(req.tenant, session, bytes), 'avatarUploaded');
    });
  });
}

/**
 * `GET /find/userInfo/avatar?mappingPath=&key=`: the image at an avatar's unguessable address. The
 * institution comes from the address (no headers with an `<img>`). The bytes behind an address never
 * change (a new upload makes a new one): cached privately for a year, revalidated by ETag.
 */
export function registerAvatarImageRoute(app: FastifyInstance, services: Services): void {
  route(app, PersonalInfoCalls.avatarImage, async (req, reply) => {
    const tenant = await services.tenants.byMappingPath(req.query.mappingPath.trim());
    const avatar = tenant ? await services.personalInfo.avatarImage(tenant, req.query.key) : undefined;
    if (!avatar) {
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');
    }
    reply
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('etag', avatar.etag)
      .header('last-modified', avatar.updatedAt.toUTCString())
      .header('cross-origin-resource-policy', 'same-origin')
      .header('content-disposition', 'inline; filename="avatar.jpg"');
    if (req.headers['if-none-match'] === avatar.etag) return reply.code(304).send();
    return reply.type(avatar.contentType).send(avatar.image);
  });
}
