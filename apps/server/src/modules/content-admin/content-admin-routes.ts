import type { FastifyInstance } from 'fastify';
import { ATTACHMENT_MAX_BYTES, AttachmentUploadQuery, ContentAdminCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { readLimited } from '../../http/raw-body.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from '../staff/staff-context.js';
import { ContentAdminErrors } from './content-admin-service.js';

/**
 * What an attachment upload may declare as its body: any type (a browser names files as it likes);
 * the declaration is not trusted, the content decides (`attachmentKindOf`). JSON is left to the
 * JSON parser, so a JSON body gets the translated "not an accepted file", not a bare 415.
 */
const ANY_FILE = /^(?!application\/json)[\w.+-]+\/[\w.+-]+(?:;|$)/i;

/**
 * The staff console's content screen (issue 28): thin, each the `ContentAdmin` operation for the
 * acting staff account. The session scope has checked the staff session, its institution and role.
 */
export function registerContentAdminRoutes(app: FastifyInstance, services: Services): void {
  const { contentAdmin: content } = services;
  const C = ContentAdminCalls;

  route(app, C.contentCollections, async (req) =>
    ok(req.lang, await content.collections(requireStaff(req).tenantId, req.query)),
  );
  route(app, C.contentCollectionSave, async (req) =>
    okSaying(req.lang, await content.saveCollection(requireStaff(req), req.body, req.ip), 'contentSaved'),
  );
  route(app, C.contentCollectionHide, async (req) =>
    okSaying(
      req.lang,
      await content.hideCollection(requireStaff(req), req.body, req.ip),
      req.body.hidden ? 'contentHidden' : 'contentShown',
    ),
  );
  route(app, C.contentCollectionOrder, async (req) =>
    okSaying(req.lang, await content.orderCollections(requireStaff(req), req.body.ids, req.ip), 'contentOrdered'),
  );
  route(app, C.contentCollectionDelete, async (req) =>
    okSaying(req.lang, await content.deleteCollection(requireStaff(req), req.body, req.ip), 'contentDeleted'),
  );

  route(app, C.contentBookLists, async (req) =>
    ok(req.lang, await content.bookLists(requireStaff(req).tenantId, req.query)),
  );
  route(app, C.contentBookList, async (req) =>
    ok(req.lang, await content.bookList(requireStaff(req).tenantId, req.query.id)),
  );
  route(app, C.contentBookListSave, async (req) =>
    okSaying(req.lang, await content.saveBookList(requireStaff(req), req.body, req.ip), 'contentSaved'),
  );
  route(app, C.contentBookListPublish, async (req) =>
    okSaying(
      req.lang,
      await content.publishBookList(requireStaff(req), req.body, req.ip),
      req.body.published ? 'contentPublished' : 'contentUnpublished',
    ),
  );
  route(app, C.contentBookListRecords, async (req) =>
    okSaying(req.lang, await content.saveListRecords(requireStaff(req), req.body, req.ip), 'contentSaved'),
  );
  route(app, C.contentBookListDelete, async (req) =>
    okSaying(req.lang, await content.deleteBookList(requireStaff(req), req.body, req.ip), 'contentDeleted'),
  );
  route(app, C.contentRecordSearch, async (req) =>
    ok(req.lang, await content.searchRecords(requireStaff(req).tenantId, req.query)),
  );

  route(app, C.contentNews, async (req) => ok(req.lang, await content.news(requireStaff(req).tenantId, req.query)));
  route(app, C.contentNewsSave, async (req) =>
    okSaying(req.lang, await content.saveNews(requireStaff(req), req.body, req.ip), 'contentSaved'),
  );
  route(app, C.contentNewsPublish, async (req) =>
    okSaying(
      req.lang,
      await content.publishNews(requireStaff(req), req.body, req.ip),
      req.body.published ? 'contentPublished' : 'contentUnpublished',
    ),
  );
  route(app, C.contentNewsDelete, async (req) =>
    okSaying(req.lang, await content.deleteNews(requireStaff(req), req.body, req.ip), 'contentDeleted'),
  );

  route(app, C.contentTexts, async (req) => ok(req.lang, await content.texts(requireStaff(req).tenantId)));
  route(app, C.contentTextsSave, async (req) =>
    okSaying(req.lang, await content.saveTexts(requireStaff(req), req.body, req.ip), 'contentSaved'),
  );

  route(app, C.contentAttachments, async (req) =>
    ok(req.lang, await content.attachments(requireStaff(req).tenantId, req.query.recordId)),
  );
  route(app, C.contentAttachmentUpdate, async (req) =>
    okSaying(req.lang, await content.updateAttachment(requireStaff(req), req.body, req.ip), 'contentSaved'),
  );
  route(app, C.contentAttachmentOrder, async (req) =>
    okSaying(req.lang, await content.orderAttachments(requireStaff(req), req.body, req.ip), 'contentOrdered'),
  );
  route(app, C.contentAttachmentDelete, async (req) =>
    okSaying(req.lang, await content.deleteAttachment(requireStaff(req), req.body, req.ip), 'contentDeleted'),
  );

  // The upload's body is the file itself, read by a parser of its own scope (the JSON routes keep theirs);
  // the tenant, session, cross-site and access hooks run first, before a byte is read.
  void app.register(async (scope) => {
    // Plain text is a file here too: read as bytes (the content decides), not by the text parser.
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(ANY_FILE, (req, payload, done) => {
      readLimited(req, payload, ATTACHMENT_MAX_BYTES, ContentAdminErrors.fileTooLarge).then(
        (body) => done(null, body),
        (err: Error) => done(err),
      );
    });
    route(scope, C.contentAttachmentUpload, async (req) => {
      const actor = requireStaff(req);
      const query = AttachmentUploadQuery.parse(req.query);
      const body: unknown = req.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      return okSaying(
        req.lang,
        await content.upload(actor, req.tenant.mappingPath, query, bytes, req.ip),
        'contentUploaded',
      );
    });
  });
}

/**
 * `GET /find/attachment/file?mappingPath=&attachmentId=`: an uploaded attachment, for readers of the
 * record page (a link sends no API headers: the institution comes from the address). Always a
 * download (`attachment`), never sniffed into another type, never framed or run as a page.
 */
export function registerAttachmentFileRoute(app: FastifyInstance, services: Services): void {
  route(app, ContentAdminCalls.attachmentFile, async (req, reply) => {
    const tenant = await services.tenants.byMappingPath(req.query.mappingPath.trim());
    const file = tenant ? await services.contentAdmin.file(tenant.id, req.query.attachmentId) : undefined;
    if (!file) {
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');
    }
    reply
      .header('cache-control', 'private, max-age=300')
      .header('etag', file.etag)
      .header('content-disposition', file.disposition)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin');
    if (req.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return reply.type(file.contentType).send(file.bytes);
  });
}
